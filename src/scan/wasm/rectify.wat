;; The land straightened out of the photo (rectify.ts's straighten, the same doubles in the same order, so the same
;; bytes): each cell mapped bilinearly from its four vertices, a cell at a time, each output row of a cell a straight
;; run through the photo. Here because a scan's first straightenings run before V8 has optimised the JavaScript;
;; WebAssembly runs compiled from its first call. Compiled into rectify.wasm.ts by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; rectify.ts's clamp: v held to 0 .. size - 1.001
  (func $clamp (param $v f64) (param $size f64) (result f64)
    (if (result f64) (f64.lt (local.get $v) (f64.const 0))
      (then (f64.const 0))
      (else (if (result f64) (f64.gt (local.get $v) (f64.sub (local.get $size) (f64.const 1.001)))
        (then (f64.sub (local.get $size) (f64.const 1.001)))
        (else (local.get $v))))))

  ;; rectify.ts's inPhoto: start + f * step inside 0 .. size - 1.001 for f = first and last
  (func $inPhoto (param $start f64) (param $step f64) (param $size f64) (param $first f64) (param $last f64) (result i32)
    (local $a f64) (local $b f64)
    (local.set $a (f64.add (local.get $start) (f64.mul (local.get $first) (local.get $step))))
    (local.set $b (f64.add (local.get $start) (f64.mul (local.get $last) (local.get $step))))
    (i32.and
      (f64.ge (f64.min (local.get $a) (local.get $b)) (f64.const 0))
      (f64.le (f64.max (local.get $a) (local.get $b)) (f64.sub (local.get $size) (f64.const 1.001)))))

  ;; a + (b - a) * f for two bytes
  (func $mix (param $a i32) (param $b i32) (param $f f64) (result f64)
    (f64.add (f64.convert_i32_u (local.get $a))
      (f64.mul (f64.convert_i32_s (i32.sub (local.get $b) (local.get $a))) (local.get $f))))

  ;; One run of output pixels, columns xa to xb of a row, sampled at start + within[x] * step: every channel of the
  ;; three (channels 3) or the red one alone (channels 1). A value is stored as a Uint8Array stores it (truncated).
  (func $run (param $photo i32) (param $w i32) (param $h i32) (param $out i32) (param $channels i32)
             (param $within i32) (param $xa i32) (param $xb i32)
             (param $startX f64) (param $stepX f64) (param $startY f64) (param $stepY f64) (param $clamped i32)
    (local $x i32) (local $f f64) (local $sx f64) (local $sy f64) (local $x0 i32) (local $yi i32)
    (local $px f64) (local $py f64) (local $p i32) (local $q i32) (local $below i32) (local $c i32)
    (local $top f64) (local $bot f64) (local $fw f64) (local $fh f64)
    (local.set $below (i32.mul (local.get $w) (i32.const 3)))
    (local.set $fw (f64.convert_i32_s (local.get $w)))
    (local.set $fh (f64.convert_i32_s (local.get $h)))
    (local.set $x (local.get $xa))
    (block $done
      (loop $each
        (br_if $done (i32.ge_s (local.get $x) (local.get $xb)))
        (local.set $f (f64.load (i32.add (local.get $within) (i32.shl (local.get $x) (i32.const 3)))))
        (local.set $sx (f64.add (local.get $startX) (f64.mul (local.get $f) (local.get $stepX))))
        (local.set $sy (f64.add (local.get $startY) (f64.mul (local.get $f) (local.get $stepY))))
        (if (local.get $clamped)
          (then
            (local.set $sx (call $clamp (local.get $sx) (local.get $fw)))
            (local.set $sy (call $clamp (local.get $sy) (local.get $fh)))))
        ;; (`| 0` in JavaScript: NaN to 0, as the saturating conversion gives)
        (local.set $x0 (i32.trunc_sat_f64_s (local.get $sx)))
        (local.set $yi (i32.trunc_sat_f64_s (local.get $sy)))
        (local.set $px (f64.sub (local.get $sx) (f64.convert_i32_s (local.get $x0))))
        (local.set $py (f64.sub (local.get $sy) (f64.convert_i32_s (local.get $yi))))
        (local.set $p (i32.add (local.get $photo)
          (i32.mul (i32.add (i32.mul (local.get $yi) (local.get $w)) (local.get $x0)) (i32.const 3))))
        (local.set $q (i32.add (local.get $p) (local.get $below)))
        (local.set $c (i32.const 0))
        (loop $channel
          (local.set $top (call $mix (i32.load8_u (local.get $p)) (i32.load8_u offset=3 (local.get $p)) (local.get $px)))
          (local.set $bot (call $mix (i32.load8_u (local.get $q)) (i32.load8_u offset=3 (local.get $q)) (local.get $px)))
          (i32.store8 (local.get $out)
            (i32.trunc_sat_f64_s (f64.add (local.get $top) (f64.mul (f64.sub (local.get $bot) (local.get $top)) (local.get $py)))))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (local.set $q (i32.add (local.get $q) (i32.const 1)))
          (local.set $out (i32.add (local.get $out) (i32.const 1)))
          (local.set $c (i32.add (local.get $c) (i32.const 1)))
          (br_if $channel (i32.lt_s (local.get $c) (local.get $channels))))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br $each))))

  ;; The whole land: `width` x `height` output pixels of `channels` at `out`, `cell` pixels a cell and `margin`
  ;; around; the grid's vertices at xs and ys ((rows + 1) x (cols + 1) doubles each); each output column's position
  ;; in its cell at `within` (doubles) and each cell column's first output column at `first` (cols + 1 int32s).
  (func (export "straighten")
    (param $photo i32) (param $w i32) (param $h i32)
    (param $xs i32) (param $ys i32) (param $rows i32) (param $cols i32)
    (param $within i32) (param $first i32)
    (param $cell i32) (param $margin i32) (param $width i32) (param $height i32)
    (param $out i32) (param $channels i32)
    (local $y0 i32) (local $y1 i32) (local $j i32) (local $y i32) (local $xa i32) (local $xb i32)
    (local $v f64) (local $i i32) (local $fy f64) (local $gy f64) (local $a i32) (local $c i32) (local $stride i32)
    (local $startX f64) (local $stepX f64) (local $startY f64) (local $stepY f64) (local $wa f64) (local $wb f64)
    (local $inside i32)
    (local.set $stride (i32.add (local.get $cols) (i32.const 1)))
    (block $rowsDone
      (loop $cellRows
        (br_if $rowsDone (i32.ge_s (local.get $y0) (local.get $height)))
        (local.set $y1 (select (local.get $height) (i32.add (local.get $y0) (local.get $cell))
          (i32.lt_s (local.get $height) (i32.add (local.get $y0) (local.get $cell)))))
        (local.set $j (i32.const 0))
        (block $colsDone
          (loop $cellCols
            (br_if $colsDone (i32.ge_s (local.get $j) (local.get $cols)))
            (local.set $xa (i32.load (i32.add (local.get $first) (i32.shl (local.get $j) (i32.const 2)))))
            (local.set $xb (i32.load offset=4 (i32.add (local.get $first) (i32.shl (local.get $j) (i32.const 2)))))
            (local.set $wa (f64.load (i32.add (local.get $within) (i32.shl (local.get $xa) (i32.const 3)))))
            (local.set $wb (f64.load (i32.add (local.get $within) (i32.shl (i32.sub (local.get $xb) (i32.const 1)) (i32.const 3)))))
            (local.set $y (local.get $y0))
            (block $lineDone
              (loop $lines
                (br_if $lineDone (i32.ge_s (local.get $y) (local.get $y1)))
                (local.set $v (f64.div
                  (f64.sub (f64.add (f64.convert_i32_s (local.get $y)) (f64.const 0.5)) (f64.convert_i32_s (local.get $margin)))
                  (f64.convert_i32_s (local.get $cell))))
                (local.set $i (i32.trunc_sat_f64_s
                  (f64.min (f64.convert_i32_s (i32.sub (local.get $rows) (i32.const 1)))
                    (f64.max (f64.const 0) (f64.floor (local.get $v))))))
                (local.set $fy (f64.sub (local.get $v) (f64.convert_i32_s (local.get $i))))
                (local.set $gy (f64.sub (f64.const 1) (local.get $fy)))
                (local.set $a (i32.add (i32.mul (local.get $i) (local.get $stride)) (local.get $j)))
                (local.set $c (i32.add (local.get $a) (local.get $stride)))
                (local.set $startX (f64.add
                  (f64.mul (local.get $gy) (f64.load (i32.add (local.get $xs) (i32.shl (local.get $a) (i32.const 3)))))
                  (f64.mul (local.get $fy) (f64.load (i32.add (local.get $xs) (i32.shl (local.get $c) (i32.const 3)))))))
                (local.set $stepX (f64.sub (f64.add
                  (f64.mul (local.get $gy) (f64.load offset=8 (i32.add (local.get $xs) (i32.shl (local.get $a) (i32.const 3)))))
                  (f64.mul (local.get $fy) (f64.load offset=8 (i32.add (local.get $xs) (i32.shl (local.get $c) (i32.const 3))))))
                  (local.get $startX)))
                (local.set $startY (f64.add
                  (f64.mul (local.get $gy) (f64.load (i32.add (local.get $ys) (i32.shl (local.get $a) (i32.const 3)))))
                  (f64.mul (local.get $fy) (f64.load (i32.add (local.get $ys) (i32.shl (local.get $c) (i32.const 3)))))))
                (local.set $stepY (f64.sub (f64.add
                  (f64.mul (local.get $gy) (f64.load offset=8 (i32.add (local.get $ys) (i32.shl (local.get $a) (i32.const 3)))))
                  (f64.mul (local.get $fy) (f64.load offset=8 (i32.add (local.get $ys) (i32.shl (local.get $c) (i32.const 3))))))
                  (local.get $startY)))
                (local.set $inside (i32.and
                  (call $inPhoto (local.get $startX) (local.get $stepX) (f64.convert_i32_s (local.get $w)) (local.get $wa) (local.get $wb))
                  (call $inPhoto (local.get $startY) (local.get $stepY) (f64.convert_i32_s (local.get $h)) (local.get $wa) (local.get $wb))))
                (call $run (local.get $photo) (local.get $w) (local.get $h)
                  (i32.add (local.get $out)
                    (i32.mul (i32.add (i32.mul (local.get $y) (local.get $width)) (local.get $xa)) (local.get $channels)))
                  (local.get $channels) (local.get $within) (local.get $xa) (local.get $xb)
                  (local.get $startX) (local.get $stepX) (local.get $startY) (local.get $stepY)
                  (i32.eqz (local.get $inside)))
                (local.set $y (i32.add (local.get $y) (i32.const 1)))
                (br $lines)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $cellCols)))
        (local.set $y0 (i32.add (local.get $y0) (local.get $cell)))
        (br $cellRows))))
)
