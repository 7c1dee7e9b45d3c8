/** The page's entry: picks the screen from the address and keeps navigation inside the page. */
import { boardPage } from './board.js';
import { homePage } from './home.js';
import { hostPage } from './host.js';
import { joinPage, reviewPage } from './player.js';
import { tablePage } from './table.js';
import { errorBox, page, topBar } from './ui.js';

const root = document.getElementById('app')!;
let stop: () => void = () => undefined;
let generation = 0;

const ID = '[A-Za-z0-9_-]{22}';

async function show(path: string): Promise<void> {
  stop();
  stop = () => undefined;
  const mine = ++generation;
  window.scrollTo(0, 0);
  let m: RegExpExecArray | null;
  let next: (() => void) | void = undefined;
  if (path === '/' || path === '') next = homePage(root, go);
  else if ((m = new RegExp(`^/host/(${ID})$`).exec(path))) next = await hostPage(root, m[1]);
  else if ((m = new RegExp(`^/host/(${ID})/table$`).exec(path))) next = await tablePage(root, m[1]);
  else if ((m = new RegExp(`^/g/(${ID})$`).exec(path))) next = await joinPage(root, m[1], go);
  else if ((m = new RegExp(`^/g/(${ID})/board$`).exec(path))) next = await boardPage(root, m[1]);
  else if ((m = new RegExp(`^/g/(${ID})/s/(${ID})$`).exec(path))) next = await reviewPage(root, m[1], m[2], go);
  else root.replaceChildren(topBar('Not found'), page(errorBox('Nothing here: check the address (a game’s address comes from its QR code).')));
  if (mine !== generation) next?.();
  else if (next) stop = next;
  document.title = root.querySelector('h1')?.textContent ? `${root.querySelector('h1')!.textContent} · Baako` : 'Baako';
}

function go(path: string): void {
  history.pushState(null, '', path);
  void show(path);
}

document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a[data-nav]') as HTMLAnchorElement | null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const url = new URL(a.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  go(url.pathname);
});
window.addEventListener('popstate', () => void show(location.pathname));
void show(location.pathname);
