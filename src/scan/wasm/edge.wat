;; An edge's printed dots and its best smooth path (edge-features.ts's dotPhase, dotLineOffset and pathProfile, the
;; same numbers in the same order). Here because the features are measured once a photo, before V8 has optimised
;; their JavaScript: there every double is a heap number to collect. Compiled into edge.wasm.ts by
;; tools/build-wasm.ts.
;;
;; The ink map (bytes) is at $ink; an edge's pixel (s, o) at base + s * along + o * across in it.
(module
  (memory (export "memory") 1)

  ;; JavaScript's Math.round: the nearest whole number, halves up, and -0 from -0.5 up to 0
  (func $round (param $x f64) (result f64)
    (local $r f64)
    (local.set $r (f64.floor (local.get $x)))
    (if (f64.ge (f64.sub (local.get $x) (local.get $r)) (f64.const 0.5))
      (then (local.set $r (f64.add (local.get $r) (f64.const 1)))))
    (f64.copysign (local.get $r) (local.get $x)))

  ;; How far step s lies from the nearest printed dot along the edge, in pixels: |f - round(f)| * period for
  ;; f = (s + 0.5 - phase) / period
  (func $fromDot (param $s i32) (param $phase f64) (param $period f64) (result f64)
    (local $f f64)
    (local.set $f (f64.div (f64.sub (f64.add (f64.convert_i32_s (local.get $s)) (f64.const 0.5)) (local.get $phase)) (local.get $period)))
    (f64.mul (f64.abs (f64.sub (local.get $f) (call $round (local.get $f)))) (local.get $period)))

  ;; probe.ts's bandMax: out[s - from] (f32) = the darkest ink (0..1) across from lo to hi at each step
  (func $bandMax (param $ink i32) (param $base i32) (param $along i32) (param $across i32)
                 (param $from i32) (param $to i32) (param $lo i32) (param $hi i32) (param $out i32)
    (local $s i32) (local $o i32) (local $best i32) (local $x i32)
    (local.set $s (local.get $from))
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $to)))
      (local.set $best (i32.const 0))
      (local.set $o (local.get $lo))
      (block $os (loop $each_o
        (br_if $os (i32.gt_s (local.get $o) (local.get $hi)))
        (local.set $x (i32.load8_u (i32.add (local.get $ink) (i32.add (local.get $base)
          (i32.add (i32.mul (local.get $s) (local.get $along)) (i32.mul (local.get $o) (local.get $across)))))))
        (if (i32.gt_s (local.get $x) (local.get $best)) (then (local.set $best (local.get $x))))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $each_o)))
      (f32.store (i32.add (local.get $out) (i32.shl (i32.sub (local.get $s) (local.get $from)) (i32.const 2)))
        (f32.demote_f64 (f64.div (f64.convert_i32_s (local.get $best)) (f64.const 255))))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s))))

  ;; dotPhase: the phase (pixels, -search..search) of the comb of teeth (within a pixel of a dot) whose mean darkest
  ;; ink across -band..band is highest (by more than 1e-6 over an earlier one); $scratch: to - from f32
  (func (export "phase") (param $ink i32) (param $base i32) (param $along i32) (param $across i32)
        (param $from i32) (param $to i32) (param $band i32) (param $period f64) (param $search i32) (param $scratch i32) (result i32)
    (local $ph i32) (local $s i32) (local $sum f64) (local $n i32) (local $teeth f64) (local $best f64) (local $phase i32)
    (call $bandMax (local.get $ink) (local.get $base) (local.get $along) (local.get $across) (local.get $from) (local.get $to)
      (i32.sub (i32.const 0) (local.get $band)) (local.get $band) (local.get $scratch))
    (local.set $best (f64.const -1))
    (local.set $ph (i32.sub (i32.const 0) (local.get $search)))
    (block $phs (loop $each_ph
      (br_if $phs (i32.gt_s (local.get $ph) (local.get $search)))
      (local.set $sum (f64.const 0))
      (local.set $n (i32.const 0))
      (local.set $s (local.get $from))
      (block $ss (loop $each_s
        (br_if $ss (i32.ge_s (local.get $s) (local.get $to)))
        (if (f64.le (call $fromDot (local.get $s) (f64.convert_i32_s (local.get $ph)) (local.get $period)) (f64.const 1))
          (then
            (local.set $sum (f64.add (local.get $sum) (f64.promote_f32 (f32.load (i32.add (local.get $scratch)
              (i32.shl (i32.sub (local.get $s) (local.get $from)) (i32.const 2)))))))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each_s)))
      (local.set $teeth (if (result f64) (local.get $n)
        (then (f64.div (local.get $sum) (f64.convert_i32_s (local.get $n))))
        (else (f64.const 0))))
      (if (f64.gt (local.get $teeth) (f64.add (local.get $best) (f64.const 1e-6)))
        (then
          (local.set $best (local.get $teeth))
          (local.set $phase (local.get $ph))))
      (local.set $ph (i32.add (local.get $ph) (i32.const 1)))
      (br $each_ph)))
    (local.get $phase))

  ;; dotLineOffset: the offset across (pixels) where the printed dots stand out from the paper between them, the
  ;; contrast-weighted middle of the offsets within 0.7 of the best; 0 when none stands out by `least` or the line
  ;; is already there. $contrast: 2 reach + 1 doubles.
  (func (export "dotOffset") (param $ink i32) (param $base i32) (param $along i32) (param $across i32)
        (param $from i32) (param $to i32) (param $phase f64) (param $period f64) (param $clear f64) (param $reach i32)
        (param $least f64) (param $contrast i32) (result f64)
    (local $o i32) (local $s i32) (local $d f64) (local $v f64) (local $teeth f64) (local $nt i32) (local $gaps f64) (local $ng i32)
    (local $c f64) (local $top f64) (local $sum f64) (local $weight f64)
    (local.set $o (i32.sub (i32.const 0) (local.get $reach)))
    (block $os (loop $each_o
      (br_if $os (i32.gt_s (local.get $o) (local.get $reach)))
      (local.set $teeth (f64.const 0))
      (local.set $gaps (f64.const 0))
      (local.set $nt (i32.const 0))
      (local.set $ng (i32.const 0))
      (local.set $s (local.get $from))
      (block $ss (loop $each_s
        (br_if $ss (i32.ge_s (local.get $s) (local.get $to)))
        (local.set $d (call $fromDot (local.get $s) (local.get $phase) (local.get $period)))
        (local.set $v (f64.convert_i32_u (i32.load8_u (i32.add (local.get $ink) (i32.add (local.get $base)
          (i32.add (i32.mul (local.get $s) (local.get $along)) (i32.mul (local.get $o) (local.get $across))))))))
        (if (f64.le (local.get $d) (f64.const 1))
          (then
            (local.set $teeth (f64.add (local.get $teeth) (local.get $v)))
            (local.set $nt (i32.add (local.get $nt) (i32.const 1))))
          (else (if (f64.ge (local.get $d) (local.get $clear))
            (then
              (local.set $gaps (f64.add (local.get $gaps) (local.get $v)))
              (local.set $ng (i32.add (local.get $ng) (i32.const 1)))))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each_s)))
      (f64.store (i32.add (local.get $contrast) (i32.shl (i32.add (local.get $o) (local.get $reach)) (i32.const 3)))
        (f64.sub
          (if (result f64) (local.get $nt) (then (f64.div (local.get $teeth) (f64.convert_i32_s (local.get $nt)))) (else (f64.const 0)))
          (if (result f64) (local.get $ng) (then (f64.div (local.get $gaps) (f64.convert_i32_s (local.get $ng)))) (else (f64.const 0)))))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $each_o)))
    (local.set $o (i32.const 0))
    (block $os (loop $each_o
      (br_if $os (i32.gt_s (local.get $o) (i32.shl (local.get $reach) (i32.const 1))))
      (local.set $c (f64.load (i32.add (local.get $contrast) (i32.shl (local.get $o) (i32.const 3)))))
      (if (f64.gt (local.get $c) (local.get $top)) (then (local.set $top (local.get $c))))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $each_o)))
    ;; dots hidden (under a stroke, in glare) or already on the line: the geometry stands
    (if (f64.lt (local.get $top) (local.get $least)) (then (return (f64.const 0))))
    (if (f64.ge (f64.load (i32.add (local.get $contrast) (i32.shl (local.get $reach) (i32.const 3)))) (f64.mul (f64.const 0.9) (local.get $top)))
      (then (return (f64.const 0))))
    (local.set $o (i32.sub (i32.const 0) (local.get $reach)))
    (block $os (loop $each_o
      (br_if $os (i32.gt_s (local.get $o) (local.get $reach)))
      (local.set $c (f64.load (i32.add (local.get $contrast) (i32.shl (i32.add (local.get $o) (local.get $reach)) (i32.const 3)))))
      (if (f64.ge (local.get $c) (f64.mul (f64.const 0.7) (local.get $top)))
        (then
          (local.set $sum (f64.add (local.get $sum) (f64.mul (f64.convert_i32_s (local.get $o)) (local.get $c))))
          (local.set $weight (f64.add (local.get $weight) (local.get $c)))))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $each_o)))
    (call $round (f64.div (local.get $sum) (local.get $weight))))

  ;; pathProfile: the ink along the best smooth path through the band (offsets shift - band .. shift + band, a pixel
  ;; across a step at most) at the steps between the dots, last step first, into $out (f32); returns how many.
  ;; Scratch: valid (L bytes), steps and inks (L + 1 i32 each), sm and acc (L x O f32), back (L x O bytes).
  (func (export "path") (param $ink i32) (param $base i32) (param $along i32) (param $across i32)
        (param $from i32) (param $to i32) (param $band i32) (param $shift i32) (param $phase f64) (param $period f64)
        (param $clear f64) (param $smooth i32)
        (param $valid i32) (param $steps i32) (param $inks i32) (param $sm i32) (param $acc i32) (param $back i32) (param $out i32)
        (result i32)
    (local $L i32) (local $O i32) (local $s i32) (local $o i32) (local $at i32) (local $lo i32) (local $hi i32) (local $n i32)
    (local $best f64) (local $step i32) (local $d i32) (local $q i32) (local $x f64) (local $k i32) (local $count i32) (local $v i32)
    (local.set $L (i32.sub (local.get $to) (local.get $from)))
    (local.set $O (i32.add (i32.shl (local.get $band) (i32.const 1)) (i32.const 1)))
    ;; the valid steps counted from the start
    (i32.store (local.get $steps) (i32.const 0))
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $L)))
      (local.set $v (f64.ge (call $fromDot (i32.add (local.get $from) (local.get $s)) (local.get $phase) (local.get $period)) (local.get $clear)))
      (i32.store8 (i32.add (local.get $valid) (local.get $s)) (local.get $v))
      (i32.store offset=4 (i32.add (local.get $steps) (i32.shl (local.get $s) (i32.const 2)))
        (i32.add (i32.load (i32.add (local.get $steps) (i32.shl (local.get $s) (i32.const 2)))) (local.get $v)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s)))
    ;; at each offset the valid steps' ink (whole numbers), smoothed along the line over the valid steps only
    (i32.store (local.get $inks) (i32.const 0))
    (block $os (loop $each_o
      (br_if $os (i32.ge_s (local.get $o) (local.get $O)))
      (local.set $at (i32.add (local.get $ink) (i32.add (local.get $base)
        (i32.add (i32.mul (local.get $from) (local.get $along))
          (i32.mul (i32.sub (i32.add (local.get $shift) (local.get $o)) (local.get $band)) (local.get $across))))))
      (local.set $s (i32.const 0))
      (block $ss (loop $each_s
        (br_if $ss (i32.ge_s (local.get $s) (local.get $L)))
        (i32.store offset=4 (i32.add (local.get $inks) (i32.shl (local.get $s) (i32.const 2)))
          (i32.add (i32.load (i32.add (local.get $inks) (i32.shl (local.get $s) (i32.const 2))))
            (select (i32.load8_u (local.get $at)) (i32.const 0) (i32.load8_u (i32.add (local.get $valid) (local.get $s))))))
        (local.set $at (i32.add (local.get $at) (local.get $along)))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each_s)))
      (local.set $s (i32.const 0))
      (block $ss (loop $each_s
        (br_if $ss (i32.ge_s (local.get $s) (local.get $L)))
        (local.set $lo (select (i32.sub (local.get $s) (local.get $smooth)) (i32.const 0) (i32.gt_s (local.get $s) (local.get $smooth))))
        (local.set $hi (select (i32.add (i32.add (local.get $s) (local.get $smooth)) (i32.const 1)) (local.get $L)
          (i32.lt_s (i32.add (local.get $s) (local.get $smooth)) (local.get $L))))
        (local.set $n (i32.sub (i32.load (i32.add (local.get $steps) (i32.shl (local.get $hi) (i32.const 2))))
                               (i32.load (i32.add (local.get $steps) (i32.shl (local.get $lo) (i32.const 2))))))
        (f32.store (i32.add (local.get $sm) (i32.shl (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $o)) (i32.const 2)))
          (if (result f32) (local.get $n)
            (then (f32.demote_f64 (f64.div
              (f64.convert_i32_s (i32.sub (i32.load (i32.add (local.get $inks) (i32.shl (local.get $hi) (i32.const 2))))
                                          (i32.load (i32.add (local.get $inks) (i32.shl (local.get $lo) (i32.const 2))))))
              (f64.convert_i32_s (i32.mul (i32.const 255) (local.get $n))))))
            (else (f32.const 0))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $each_s)))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $each_o)))
    ;; the best path: at most a pixel across a step, the first of equals
    (memory.copy (local.get $acc) (local.get $sm) (i32.shl (local.get $O) (i32.const 2)))
    (local.set $s (i32.const 1))
    (block $ss (loop $each_s
      (br_if $ss (i32.ge_s (local.get $s) (local.get $L)))
      (local.set $o (i32.const 0))
      (block $os (loop $each_o
        (br_if $os (i32.ge_s (local.get $o) (local.get $O)))
        (local.set $best (f64.const -1))
        (local.set $step (i32.const 0))
        (local.set $d (i32.const -1))
        (block $ds (loop $each_d
          (br_if $ds (i32.gt_s (local.get $d) (i32.const 1)))
          (local.set $q (i32.add (local.get $o) (local.get $d)))
          (if (i32.and (i32.ge_s (local.get $q) (i32.const 0)) (i32.lt_s (local.get $q) (local.get $O)))
            (then
              (local.set $x (f64.promote_f32 (f32.load (i32.add (local.get $acc)
                (i32.shl (i32.add (i32.mul (i32.sub (local.get $s) (i32.const 1)) (local.get $O)) (local.get $q)) (i32.const 2))))))
              (if (f64.gt (local.get $x) (local.get $best))
                (then
                  (local.set $best (local.get $x))
                  (local.set $step (local.get $d))))))
          (local.set $d (i32.add (local.get $d) (i32.const 1)))
          (br $each_d)))
        (local.set $k (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $o)))
        (f32.store (i32.add (local.get $acc) (i32.shl (local.get $k) (i32.const 2)))
          (f32.demote_f64 (f64.add (local.get $best) (f64.promote_f32 (f32.load (i32.add (local.get $sm) (i32.shl (local.get $k) (i32.const 2))))))))
        (i32.store8 (i32.add (local.get $back) (local.get $k)) (local.get $step))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $each_o)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $each_s)))
    (local.set $k (i32.mul (i32.sub (local.get $L) (i32.const 1)) (local.get $O)))
    (local.set $o (i32.const 0))
    (local.set $q (i32.const 1))
    (block $qs (loop $each_q
      (br_if $qs (i32.ge_s (local.get $q) (local.get $O)))
      (if (f32.gt (f32.load (i32.add (local.get $acc) (i32.shl (i32.add (local.get $k) (local.get $q)) (i32.const 2))))
                  (f32.load (i32.add (local.get $acc) (i32.shl (i32.add (local.get $k) (local.get $o)) (i32.const 2)))))
        (then (local.set $o (local.get $q))))
      (local.set $q (i32.add (local.get $q) (i32.const 1)))
      (br $each_q)))
    (local.set $s (i32.sub (local.get $L) (i32.const 1)))
    (block $ss (loop $each_s
      (br_if $ss (i32.lt_s (local.get $s) (i32.const 0)))
      (local.set $k (i32.add (i32.mul (local.get $s) (local.get $O)) (local.get $o)))
      (if (i32.load8_u (i32.add (local.get $valid) (local.get $s)))
        (then
          (f32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
            (f32.load (i32.add (local.get $sm) (i32.shl (local.get $k) (i32.const 2)))))
          (local.set $count (i32.add (local.get $count) (i32.const 1)))))
      (local.set $o (i32.add (local.get $o) (i32.load8_s (i32.add (local.get $back) (local.get $k)))))
      (local.set $s (i32.sub (local.get $s) (i32.const 1)))
      (br $each_s)))
    (local.get $count))
)
