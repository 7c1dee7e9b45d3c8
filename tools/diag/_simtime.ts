import { simulatePhoto } from '../sim/simulate-photo.js';
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  await simulatePhoto(`timing-${i}`, 'hard', { sizes: [[4000, 3000]] });
  const cpu = process.cpuUsage();
  console.log(`${(performance.now() - t).toFixed(0)} ms wall; cpu so far user ${(cpu.user / 1e3).toFixed(0)} ms sys ${(cpu.system / 1e3).toFixed(0)} ms`);
}
