;; How far the printed dots stand out from the paper between them along one stretch of a grid line, at every offset
;; across (register.ts's stretchContrasts, the same doubles in the same order). Here because the land is registered
;; once a photo, before V8 has optimised its JavaScript. Compiled into dots.wasm.ts by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; The stretch's pixels (along s from `from` to `to`, across o from -R to R) lie at base + s * step + o * side in
  ;; the red raster at $red. out[o + R] (doubles) = the most, over the dots' phases, that the mean of the pixels at a
  ;; phase falls below the mean of those 3 to period - 3 places past it. sums and counts: `period` doubles each.
  (func (export "stretch") (param $red i32) (param $from i32) (param $to i32) (param $base i32) (param $step i32)
        (param $side i32) (param $R i32) (param $period i32) (param $sums i32) (param $counts i32) (param $out i32)
    (local $s i32) (local $o i32) (local $i i32) (local $ph i32) (local $phase i32) (local $f i32) (local $b i32)
    (local $top f64) (local $teeth f64) (local $gaps f64) (local $ng f64) (local $c f64) (local $at i32)
    (memory.fill (local.get $counts) (i32.const 0) (i32.shl (local.get $period) (i32.const 3)))
    (local.set $s (local.get $from))
    (block $cs (loop $count
      (br_if $cs (i32.ge_s (local.get $s) (local.get $to)))
      (local.set $at (i32.add (local.get $counts) (i32.shl (i32.rem_s (local.get $s) (local.get $period)) (i32.const 3))))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.const 1)))
      (local.set $s (i32.add (local.get $s) (i32.const 1)))
      (br $count)))
    (local.set $o (i32.sub (i32.const 0) (local.get $R)))
    (block $os (loop $each_o
      (br_if $os (i32.gt_s (local.get $o) (local.get $R)))
      (memory.fill (local.get $sums) (i32.const 0) (i32.shl (local.get $period) (i32.const 3)))
      (local.set $s (local.get $from))
      (local.set $i (i32.add (i32.add (local.get $red) (local.get $base))
        (i32.add (i32.mul (local.get $from) (local.get $step)) (i32.mul (local.get $o) (local.get $side)))))
      (local.set $ph (i32.rem_s (local.get $from) (local.get $period)))
      (block $ss (loop $each_s
        (br_if $ss (i32.ge_s (local.get $s) (local.get $to)))
        (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $ph) (i32.const 3))))
        (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.convert_i32_u (i32.load8_u (local.get $i)))))
        (local.set $ph (i32.add (local.get $ph) (i32.const 1)))
        (if (i32.eq (local.get $ph) (local.get $period)) (then (local.set $ph (i32.const 0))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (local.get $step)))
        (br $each_s)))
      (local.set $top (f64.const 0))
      (local.set $phase (i32.const 0))
      (block $phs (loop $each_phase
        (br_if $phs (i32.ge_s (local.get $phase) (local.get $period)))
        (local.set $teeth (f64.div (f64.load (i32.add (local.get $sums) (i32.shl (local.get $phase) (i32.const 3))))
          (f64.max (f64.const 1) (f64.load (i32.add (local.get $counts) (i32.shl (local.get $phase) (i32.const 3)))))))
        (local.set $gaps (f64.const 0))
        (local.set $ng (f64.const 0))
        (local.set $f (i32.const 3))
        (block $fs (loop $each_f
          (br_if $fs (i32.gt_s (local.get $f) (i32.sub (local.get $period) (i32.const 3))))
          (local.set $b (i32.shl (i32.rem_s (i32.add (local.get $phase) (local.get $f)) (local.get $period)) (i32.const 3)))
          (local.set $gaps (f64.add (local.get $gaps) (f64.load (i32.add (local.get $sums) (local.get $b)))))
          (local.set $ng (f64.add (local.get $ng) (f64.load (i32.add (local.get $counts) (local.get $b)))))
          (local.set $f (i32.add (local.get $f) (i32.const 1)))
          (br $each_f)))
        ;; dots are darker than the paper between them
        (local.set $c (f64.sub (f64.div (local.get $gaps) (f64.max (f64.const 1) (local.get $ng))) (local.get $teeth)))
        (if (f64.gt (local.get $c) (local.get $top)) (then (local.set $top (local.get $c))))
        (local.set $phase (i32.add (local.get $phase) (i32.const 1)))
        (br $each_phase)))
      (f64.store (i32.add (local.get $out) (i32.shl (i32.add (local.get $o) (local.get $R)) (i32.const 3))) (local.get $top))
      (local.set $o (i32.add (local.get $o) (i32.const 1)))
      (br $each_o))))
)
