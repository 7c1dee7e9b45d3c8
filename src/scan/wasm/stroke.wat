;; One edge's band for its stroke features (stroke.ts's strokeFeature, the same numbers in the same order, so the
;; same results): the band's ink, widened and capped, every straight line's ink, the best line and the best apart
;; from it, the ink along both, the ink of each strip across and each block of the patch. Here because the features
;; are measured once a photo, before V8 has optimised their JavaScript: there every double is a heap number to
;; collect. Compiled into stroke.wasm.ts by tools/build-wasm.ts.
;;
;; Every pointer is a byte offset into the memory; the layout is the caller's (stroke-band.ts). Rasters: v, w and
;; capped are f32 [s * O + o], raw i32 the same; unit and capTable 256 f32 each (ink 0..255 as 0..1, and capped).
(module
  (memory (export "memory") 1)

  ;; stroke.ts's lineAt: round(o0 + (o1 - o0) * (s - a) / max(1, b - a)) (never negative here, so floor(x + 0.5))
  (func $lineAt (param $o0 i32) (param $o1 i32) (param $a i32) (param $b i32) (param $s i32) (result i32)
    (local $den i32)
    (local.set $den (i32.sub (local.get $b) (local.get $a)))
    (if (i32.lt_s (local.get $den) (i32.const 1)) (then (local.set $den (i32.const 1))))
    (i32.trunc_sat_f64_s (f64.floor (f64.add
      (f64.add (f64.convert_i32_s (local.get $o0))
        (f64.div (f64.convert_i32_s (i32.mul (i32.sub (local.get $o1) (local.get $o0)) (i32.sub (local.get $s) (local.get $a))))
                 (f64.convert_i32_s (local.get $den))))
      (f64.const 0.5)))))

  ;; The band's ink: raw[s * O + o] = ink[start + s * along + o * across] and v the same through `unit`, for L x O.
  (func $fill (param $start i32) (param $along i32) (param $across i32) (param $L i32) (param $O i32)
              (param $v i32) (param $raw i32) (param $unit i32)
    (local $s i32) (local $o i32) (local $at i32) (local $k i32) (local $i i32)
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $L)))
      (local.set $at (i32.add (local.get $start) (i32.mul (local.get $s) (local.get $along))))
      (local.set $o (i32.const 0))
      (block $os (loop $each_o
        (br_if $os (i32.ge_s (local.get $o) (local.get $O)))
        (local.set $k (i32.load8_u (local.get $at)))
        (local.set $i (i32.shl (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $o)) (i32.const 2)))
        (i32.store (i32.add (local.get $raw) (local.get $i)) (local.get $k))
        (f32.store (i32.add (local.get $v) (local.get $i))
          (f32.load (i32.add (local.get $unit) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $at (i32.add (local.get $at) (local.get $across)))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $each_o)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s))))

  ;; stroke.ts's widen: rows a to b, each pixel the darkest raw ink within `wob` across, into w (unit) and capped.
  (func $widen (param $raw i32) (param $w i32) (param $capped i32) (param $a i32) (param $b i32) (param $O i32)
               (param $wob i32) (param $unit i32) (param $capTable i32)
    (local $s i32) (local $o i32) (local $row i32) (local $d i32) (local $end i32) (local $best i32) (local $x i32) (local $i i32)
    (local.set $s (local.get $a))
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $b)))
      (local.set $row (i32.mul (local.get $s) (local.get $O)))
      (local.set $o (i32.const 0))
      (block $os (loop $each_o
        (br_if $os (i32.ge_s (local.get $o) (local.get $O)))
        (local.set $best (i32.const 0))
        (local.set $end (i32.add (local.get $row)
          (select (i32.add (local.get $o) (local.get $wob)) (i32.sub (local.get $O) (i32.const 1))
            (i32.lt_s (i32.add (local.get $o) (local.get $wob)) (local.get $O)))))
        (local.set $d (i32.add (local.get $row)
          (select (i32.sub (local.get $o) (local.get $wob)) (i32.const 0) (i32.gt_s (local.get $o) (local.get $wob)))))
        (block $ds (loop $each_d
          (br_if $ds (i32.gt_s (local.get $d) (local.get $end)))
          (local.set $x (i32.load (i32.add (local.get $raw) (i32.shl (local.get $d) (i32.const 2)))))
          (local.set $best (select (local.get $x) (local.get $best) (i32.gt_s (local.get $x) (local.get $best))))
          (local.set $d (i32.add (local.get $d) (i32.const 1)))
          (br $each_d)))
        (local.set $i (i32.shl (i32.add (local.get $row) (local.get $o)) (i32.const 2)))
        (f32.store (i32.add (local.get $w) (local.get $i))
          (f32.load (i32.add (local.get $unit) (i32.shl (local.get $best) (i32.const 2)))))
        (f32.store (i32.add (local.get $capped) (local.get $i))
          (f32.load (i32.add (local.get $capTable) (i32.shl (local.get $best) (i32.const 2)))))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $each_o)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s))))

  ;; stroke.ts's lineSums: sums[n] (f64) = the capped ink of line n, from o0[n] by its tilt's visits (i32 each).
  (func $lineSums (param $capped i32) (param $o0 i32) (param $o1 i32) (param $nl i32) (param $visits i32)
                  (param $steps i32) (param $tilt i32) (param $sums i32)
    (local $n i32) (local $start i32) (local $k i32) (local $end i32) (local $sum f64)
    (block $ns (loop $each_n
      (br_if $ns (i32.ge_s (local.get $n) (local.get $nl)))
      (local.set $start (i32.load (i32.add (local.get $o0) (i32.shl (local.get $n) (i32.const 2)))))
      (local.set $k (i32.mul (i32.add (i32.sub (i32.load (i32.add (local.get $o1) (i32.shl (local.get $n) (i32.const 2)))) (local.get $start)) (local.get $tilt))
                             (local.get $steps)))
      (local.set $end (i32.add (local.get $k) (local.get $steps)))
      (local.set $sum (f64.const 0))
      (block $ks (loop $each_k
        (br_if $ks (i32.ge_s (local.get $k) (local.get $end)))
        (local.set $sum (f64.add (local.get $sum) (f64.promote_f32 (f32.load (i32.add (local.get $capped)
          (i32.shl (i32.add (local.get $start) (i32.load (i32.add (local.get $visits) (i32.shl (local.get $k) (i32.const 2))))) (i32.const 2)))))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $each_k)))
      (f64.store (i32.add (local.get $sums) (i32.shl (local.get $n) (i32.const 3))) (local.get $sum))
      (local.set $n (i32.add (local.get $n) (i32.const 1)))
      (br $each_n))))

  ;; stroke.ts's bestLine: the index of the line with the most ink, the first of equals; with $away, only lines
  ;; whose ends both keep `apart` from (awayO0, awayO1) at one end at least. -1 for none.
  (func $bestLine (param $o0 i32) (param $o1 i32) (param $sums i32) (param $nl i32) (param $away i32)
                  (param $awayO0 i32) (param $awayO1 i32) (param $apart i32) (result i32)
    (local $i i32) (local $best i32) (local $top f64) (local $x f64) (local $d0 i32) (local $d1 i32)
    (local.set $best (i32.const -1))
    (local.set $top (f64.const -1))
    (block $is (loop $each_i
      (br_if $is (i32.ge_s (local.get $i) (local.get $nl)))
      (block $skip
        (if (local.get $away)
          (then
            (local.set $d0 (i32.sub (i32.load (i32.add (local.get $o0) (i32.shl (local.get $i) (i32.const 2)))) (local.get $awayO0)))
            (local.set $d1 (i32.sub (i32.load (i32.add (local.get $o1) (i32.shl (local.get $i) (i32.const 2)))) (local.get $awayO1)))
            (br_if $skip (i32.and
              (i32.lt_s (select (local.get $d0) (i32.sub (i32.const 0) (local.get $d0)) (i32.ge_s (local.get $d0) (i32.const 0))) (local.get $apart))
              (i32.lt_s (select (local.get $d1) (i32.sub (i32.const 0) (local.get $d1)) (i32.ge_s (local.get $d1) (i32.const 0))) (local.get $apart))))))
        (local.set $x (f64.load (i32.add (local.get $sums) (i32.shl (local.get $i) (i32.const 3)))))
        (if (f64.gt (local.get $x) (local.get $top))
          (then
            (local.set $top (local.get $x))
            (local.set $best (local.get $i)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each_i)))
    (local.get $best))

  ;; stroke.ts's inkAlong: out[s - a] (f32) = w[s * O + lineAt(s)] for s from a to b
  (func $inkAlong (param $w i32) (param $O i32) (param $o0 i32) (param $o1 i32) (param $a i32) (param $b i32) (param $out i32)
    (local $s i32)
    (local.set $s (local.get $a))
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $b)))
      (f32.store (i32.add (local.get $out) (i32.shl (i32.sub (local.get $s) (local.get $a)) (i32.const 2)))
        (f32.load (i32.add (local.get $w) (i32.shl (i32.add (i32.mul (local.get $s) (local.get $O))
          (call $lineAt (local.get $o0) (local.get $o1) (local.get $a) (local.get $b) (local.get $s))) (i32.const 2)))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s))))

  ;; stroke.ts's profile: out[k] (f64) for the 4 strips of `width` offsets from the line (R), both sides folded
  ;; together, the mean of min(0.5, v) over rows a to b
  (func $profile (param $v i32) (param $O i32) (param $R i32) (param $a i32) (param $b i32) (param $width i32) (param $out i32)
    (local $k i32) (local $side i32) (local $d i32) (local $dEnd i32) (local $s i32) (local $o i32) (local $t f64) (local $n i32)
    (block $ks (loop $each_k
      (br_if $ks (i32.ge_s (local.get $k) (i32.const 4)))
      (local.set $t (f64.const 0))
      (local.set $n (i32.const 0))
      (local.set $side (i32.const -1))
      (block $sides (loop $each_side
        (br_if $sides (i32.gt_s (local.get $side) (i32.const 1)))
        (local.set $d (i32.mul (local.get $k) (local.get $width)))
        (local.set $dEnd (i32.mul (i32.add (local.get $k) (i32.const 1)) (local.get $width)))
        (if (i32.lt_s (i32.add (local.get $R) (i32.const 1)) (local.get $dEnd)) (then (local.set $dEnd (i32.add (local.get $R) (i32.const 1)))))
        (block $ds (loop $each_d
          (br_if $ds (i32.ge_s (local.get $d) (local.get $dEnd)))
          (if (i32.eqz (i32.and (i32.lt_s (local.get $side) (i32.const 0)) (i32.eqz (local.get $d))))
            (then
              (local.set $o (i32.add (local.get $R) (i32.mul (local.get $side) (local.get $d))))
              (local.set $s (local.get $a))
              (block $ss (loop $each_s
                (br_if $ss (i32.ge_s (local.get $s) (local.get $b)))
                (local.set $t (f64.add (local.get $t) (f64.min (f64.const 0.5)
                  (f64.promote_f32 (f32.load (i32.add (local.get $v) (i32.shl (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $o)) (i32.const 2))))))))
                (local.set $s (i32.add (local.get $s) (i32.const 1)))
                (br $each_s)))
              (local.set $n (i32.add (local.get $n) (i32.sub (local.get $b) (local.get $a))))))
          (local.set $d (i32.add (local.get $d) (i32.const 1)))
          (br $each_d)))
        (local.set $side (i32.add (local.get $side) (i32.const 2)))
        (br $each_side)))
      (f64.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 3)))
        (if (result f64) (local.get $n)
          (then (f64.div (local.get $t) (f64.convert_i32_s (local.get $n))))
          (else (f64.const 0))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $each_k))))

  ;; stroke.ts's patchOf sums: blocks[row block * 7 + run] (f64) = the mean of min(0.5, v) over the block (6 blocks
  ;; along, row s in block floor(s * 6 / L); 7 across, the runs [from, to) of i32 pairs at $runs)
  (func $patch (param $v i32) (param $L i32) (param $O i32) (param $runs i32) (param $blocks i32) (param $counts i32)
    (local $s i32) (local $r i32) (local $row i32) (local $i i32) (local $end i32) (local $block i32) (local $sum f64)
    (local $from i32) (local $to i32) (local $k i32)
    (memory.fill (local.get $blocks) (i32.const 0) (i32.const 336))
    (memory.fill (local.get $counts) (i32.const 0) (i32.const 336))
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $L)))
      (local.set $row (i32.mul (i32.div_u (i32.mul (local.get $s) (i32.const 6)) (local.get $L)) (i32.const 7)))
      (if (i32.gt_s (local.get $row) (i32.const 35)) (then (local.set $row (i32.const 35))))
      (local.set $r (i32.const 0))
      (block $rs (loop $each_r
        (br_if $rs (i32.ge_s (local.get $r) (i32.const 7)))
        (local.set $from (i32.load (i32.add (local.get $runs) (i32.shl (local.get $r) (i32.const 3)))))
        (local.set $to (i32.load offset=4 (i32.add (local.get $runs) (i32.shl (local.get $r) (i32.const 3)))))
        (local.set $block (i32.add (local.get $blocks) (i32.shl (i32.add (local.get $row) (local.get $r)) (i32.const 3))))
        (local.set $sum (f64.load (local.get $block)))
        (local.set $i (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $from)))
        (local.set $end (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $to)))
        (block $is (loop $each_i
          (br_if $is (i32.ge_s (local.get $i) (local.get $end)))
          (local.set $sum (f64.add (local.get $sum) (f64.min (f64.const 0.5)
            (f64.promote_f32 (f32.load (i32.add (local.get $v) (i32.shl (local.get $i) (i32.const 2))))))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $each_i)))
        (f64.store (local.get $block) (local.get $sum))
        (local.set $block (i32.add (local.get $counts) (i32.shl (i32.add (local.get $row) (local.get $r)) (i32.const 3))))
        (f64.store (local.get $block) (f64.add (f64.load (local.get $block)) (f64.convert_i32_s (i32.sub (local.get $to) (local.get $from)))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $each_r)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s)))
    (block $ks (loop $each_k
      (br_if $ks (i32.ge_s (local.get $k) (i32.const 42)))
      (local.set $block (i32.add (local.get $blocks) (i32.shl (local.get $k) (i32.const 3))))
      (f64.store (local.get $block) (f64.div (f64.load (local.get $block))
        (f64.max (f64.const 1) (f64.load (i32.add (local.get $counts) (i32.shl (local.get $k) (i32.const 3)))))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br $each_k))))

  ;; The whole band of one edge. $io holds i32s in and out: [0] start, [1] along, [2] across, [3] L, [4] O,
  ;; [5] a, [6] b, [7] wob, [8] tilt, [9] steps, [10] lines, [11] apart, [12] R, [13] strip width; out: [14] the best
  ;; line's index, [15] the second's (-1: none). Pointers: ink at 0; unit, capTable, v, raw, w, capped, the lines'
  ;; o0, o1, visits and sums, along1, along2 (f32, b - a each), profile (4 f64), runs (7 i32 pairs), blocks and
  ;; counts (42 f64 each).
  (func (export "band") (param $io i32) (param $unit i32) (param $capTable i32) (param $v i32) (param $raw i32)
        (param $w i32) (param $capped i32) (param $o0 i32) (param $o1 i32) (param $visits i32) (param $sums i32)
        (param $along1 i32) (param $along2 i32) (param $profileOut i32) (param $runs i32) (param $blocks i32) (param $counts i32)
    (local $O i32) (local $a i32) (local $b i32) (local $nl i32) (local $first i32) (local $second i32)
    (local $f0 i32) (local $f1 i32) (local $s0 i32) (local $s1 i32) (local $mid i32)
    (local.set $O (i32.load offset=16 (local.get $io)))
    (local.set $a (i32.load offset=20 (local.get $io)))
    (local.set $b (i32.load offset=24 (local.get $io)))
    (local.set $nl (i32.load offset=40 (local.get $io)))
    (call $fill (i32.load (local.get $io)) (i32.load offset=4 (local.get $io)) (i32.load offset=8 (local.get $io))
      (i32.load offset=12 (local.get $io)) (local.get $O) (local.get $v) (local.get $raw) (local.get $unit))
    (call $widen (local.get $raw) (local.get $w) (local.get $capped) (local.get $a) (local.get $b) (local.get $O)
      (i32.load offset=28 (local.get $io)) (local.get $unit) (local.get $capTable))
    (call $lineSums (local.get $capped) (local.get $o0) (local.get $o1) (local.get $nl) (local.get $visits)
      (i32.load offset=36 (local.get $io)) (i32.load offset=32 (local.get $io)) (local.get $sums))
    ;; a line with no ink at all (none found) is the middle one
    (local.set $mid (i32.shr_s (i32.sub (local.get $O) (i32.const 1)) (i32.const 1)))
    (local.set $first (call $bestLine (local.get $o0) (local.get $o1) (local.get $sums) (local.get $nl) (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 0)))
    (local.set $f0 (local.get $mid))
    (local.set $f1 (local.get $mid))
    (if (i32.ge_s (local.get $first) (i32.const 0))
      (then
        (local.set $f0 (i32.load (i32.add (local.get $o0) (i32.shl (local.get $first) (i32.const 2)))))
        (local.set $f1 (i32.load (i32.add (local.get $o1) (i32.shl (local.get $first) (i32.const 2)))))))
    (local.set $second (call $bestLine (local.get $o0) (local.get $o1) (local.get $sums) (local.get $nl) (i32.const 1)
      (local.get $f0) (local.get $f1) (i32.load offset=44 (local.get $io))))
    (local.set $s0 (local.get $mid))
    (local.set $s1 (local.get $mid))
    (if (i32.ge_s (local.get $second) (i32.const 0))
      (then
        (local.set $s0 (i32.load (i32.add (local.get $o0) (i32.shl (local.get $second) (i32.const 2)))))
        (local.set $s1 (i32.load (i32.add (local.get $o1) (i32.shl (local.get $second) (i32.const 2)))))))
    (i32.store offset=56 (local.get $io) (local.get $first))
    (i32.store offset=60 (local.get $io) (local.get $second))
    (call $inkAlong (local.get $w) (local.get $O) (local.get $f0) (local.get $f1) (local.get $a) (local.get $b) (local.get $along1))
    (call $inkAlong (local.get $w) (local.get $O) (local.get $s0) (local.get $s1) (local.get $a) (local.get $b) (local.get $along2))
    (call $profile (local.get $v) (local.get $O) (i32.load offset=48 (local.get $io)) (local.get $a) (local.get $b)
      (i32.load offset=52 (local.get $io)) (local.get $profileOut))
    (call $patch (local.get $v) (i32.load offset=12 (local.get $io)) (local.get $O) (local.get $runs) (local.get $blocks) (local.get $counts)))
)
