;; adaptive-threshold.ts's box threshold (OpenCV's adaptiveThreshold with ADAPTIVE_THRESH_MEAN_C, the same bytes):
;; each pixel against the rounded mean of the block x block window round it, rows and columns past the sides repeated.
;; A pixel v is dark where its mean m is at least v + level. With an odd window the mean never rounds from a half, so
;; for 1 <= v + level <= 255 that is: window sum >= v * area + c, c = ((2 level - 1) area + 1) / 2, a linear test
;; made on sixteen pixels at a time; v + level <= 0 is always dark, above 255 never. Compiled by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; src row y clamped to the picture, as an address
  (func $rowAt (param $src i32) (param $y i32) (param $w i32) (param $h i32) (result i32)
    (if (i32.lt_s (local.get $y) (i32.const 0)) (then (local.set $y (i32.const 0))))
    (if (i32.ge_s (local.get $y) (local.get $h)) (then (local.set $y (i32.sub (local.get $h) (i32.const 1)))))
    (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $w))))

  ;; columns[r + x] += add[x] - drop[x] for x < w (drop 0: only add; the caller keeps the picture off address 0)
  (func $slide (param $cols i32) (param $add i32) (param $drop i32) (param $w i32)
    (local $x i32) (local $p i32) (local $d v128)
    (block $done4
      (loop $each4
        (br_if $done4 (i32.gt_u (i32.add (local.get $x) (i32.const 4)) (local.get $w)))
        (local.set $d (i32x4.extend_low_i16x8_u (i16x8.extend_low_i8x16_u
          (v128.load32_zero (i32.add (local.get $add) (local.get $x))))))
        (if (local.get $drop)
          (then (local.set $d (i32x4.sub (local.get $d) (i32x4.extend_low_i16x8_u (i16x8.extend_low_i8x16_u
            (v128.load32_zero (i32.add (local.get $drop) (local.get $x)))))))))
        (local.set $p (i32.add (local.get $cols) (i32.shl (local.get $x) (i32.const 2))))
        (v128.store (local.get $p) (i32x4.add (v128.load (local.get $p)) (local.get $d)))
        (local.set $x (i32.add (local.get $x) (i32.const 4)))
        (br $each4)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $x) (local.get $w)))
        (local.set $p (i32.add (local.get $cols) (i32.shl (local.get $x) (i32.const 2))))
        (i32.store (local.get $p) (i32.add (i32.load (local.get $p))
          (i32.sub (i32.load8_u (i32.add (local.get $add) (local.get $x)))
            (if (result i32) (local.get $drop)
              (then (i32.load8_u (i32.add (local.get $drop) (local.get $x))))
              (else (i32.const 0))))))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br $each))))

  ;; whether four pixels (i32 lanes) are dark against their window sums: all ones where dark
  (func $dark4 (param $v v128) (param $s v128) (param $area v128) (param $c v128) (param $lo v128) (param $hi v128) (result v128)
    (v128.or
      (i32x4.le_s (local.get $v) (local.get $lo))
      (v128.and
        (i32x4.le_s (local.get $v) (local.get $hi))
        (i32x4.ge_s (local.get $s) (i32x4.add (i32x4.mul (local.get $v) (local.get $area)) (local.get $c))))))

  ;; The threshold of a w x h picture at src into out (255 where dark when dark = 255, else 0 where dark). cols:
  ;; w + block + 1 i32 scratch; sums: w i32 scratch.
  (func (export "box") (param $src i32) (param $out i32) (param $w i32) (param $h i32) (param $block i32) (param $level i32)
    (param $dark i32) (param $cols i32) (param $sums i32)
    (local $r i32) (local $area i32) (local $c i32) (local $y i32) (local $x i32) (local $i i32) (local $s i32)
    (local $last i32) (local $end i32) (local $row i32) (local $o i32) (local $p i32) (local $v i32) (local $m i32)
    (local $flip v128) (local $areaV v128) (local $cV v128) (local $loV v128) (local $hiV v128)
    (local $px v128) (local $lo8 v128) (local $hi8 v128)
    (local.set $r (i32.shr_u (local.get $block) (i32.const 1)))
    (local.set $area (i32.mul (local.get $block) (local.get $block)))
    (local.set $c (i32.div_s (i32.add (i32.mul (i32.sub (i32.shl (local.get $level) (i32.const 1)) (i32.const 1)) (local.get $area)) (i32.const 1)) (i32.const 2)))
    (local.set $areaV (i32x4.splat (local.get $area)))
    (local.set $cV (i32x4.splat (local.get $c)))
    (local.set $loV (i32x4.splat (i32.sub (i32.const 0) (local.get $level))))
    (local.set $hiV (i32x4.splat (i32.sub (i32.const 255) (local.get $level))))
    (local.set $flip (if (result v128) (i32.eq (local.get $dark) (i32.const 255)) (then (i32x4.splat (i32.const 0))) (else (i32x4.splat (i32.const -1)))))
    (local.set $last (i32.add (local.get $r) (i32.sub (local.get $w) (i32.const 1))))
    (local.set $end (i32.add (local.get $w) (i32.add (local.get $block) (i32.const 1))))
    (memory.fill (local.get $cols) (i32.const 0) (i32.shl (local.get $end) (i32.const 2)))
    ;; the column sums of the first row's window
    (local.set $y (i32.sub (i32.const 0) (local.get $r)))
    (block $initDone
      (loop $init
        (br_if $initDone (i32.gt_s (local.get $y) (local.get $r)))
        (call $slide (i32.add (local.get $cols) (i32.shl (local.get $r) (i32.const 2)))
          (call $rowAt (local.get $src) (local.get $y) (local.get $w) (local.get $h)) (i32.const 0) (local.get $w))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $init)))
    (local.set $y (i32.const 0))
    (block $rowsDone
      (loop $eachRow
        (br_if $rowsDone (i32.ge_u (local.get $y) (local.get $h)))
        ;; the first and last columns repeated past the sides
        (local.set $i (i32.const 0))
        (block $leftDone
          (loop $left
            (br_if $leftDone (i32.ge_u (local.get $i) (local.get $r)))
            (i32.store (i32.add (local.get $cols) (i32.shl (local.get $i) (i32.const 2)))
              (i32.load (i32.add (local.get $cols) (i32.shl (local.get $r) (i32.const 2)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $left)))
        (local.set $i (i32.add (local.get $last) (i32.const 1)))
        (block $rightDone
          (loop $right
            (br_if $rightDone (i32.ge_u (local.get $i) (local.get $end)))
            (i32.store (i32.add (local.get $cols) (i32.shl (local.get $i) (i32.const 2)))
              (i32.load (i32.add (local.get $cols) (i32.shl (local.get $last) (i32.const 2)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $right)))
        ;; each pixel's window sum, sliding along the row
        (local.set $s (i32.const 0))
        (local.set $i (i32.const 0))
        (block $firstDone
          (loop $first
            (br_if $firstDone (i32.ge_u (local.get $i) (local.get $block)))
            (local.set $s (i32.add (local.get $s) (i32.load (i32.add (local.get $cols) (i32.shl (local.get $i) (i32.const 2))))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $first)))
        (local.set $x (i32.const 0))
        (block $sumsDone
          (loop $eachSum
            (br_if $sumsDone (i32.ge_u (local.get $x) (local.get $w)))
            (local.set $p (i32.add (local.get $cols) (i32.shl (local.get $x) (i32.const 2))))
            (i32.store (i32.add (local.get $sums) (i32.shl (local.get $x) (i32.const 2))) (local.get $s))
            (local.set $s (i32.add (local.get $s)
              (i32.sub (i32.load (i32.add (local.get $p) (i32.shl (local.get $block) (i32.const 2)))) (i32.load (local.get $p)))))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $eachSum)))
        ;; sixteen pixels at a time against their sums
        (local.set $row (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $w))))
        (local.set $o (i32.add (local.get $out) (i32.mul (local.get $y) (local.get $w))))
        (local.set $x (i32.const 0))
        (block $sixteenDone
          (loop $sixteen
            (br_if $sixteenDone (i32.gt_u (i32.add (local.get $x) (i32.const 16)) (local.get $w)))
            (local.set $px (v128.load (i32.add (local.get $row) (local.get $x))))
            (local.set $lo8 (i16x8.extend_low_i8x16_u (local.get $px)))
            (local.set $hi8 (i16x8.extend_high_i8x16_u (local.get $px)))
            (local.set $p (i32.add (local.get $sums) (i32.shl (local.get $x) (i32.const 2))))
            (v128.store (i32.add (local.get $o) (local.get $x))
              (v128.xor (local.get $flip)
                (i8x16.narrow_i16x8_s
                  (i16x8.narrow_i32x4_s
                    (call $dark4 (i32x4.extend_low_i16x8_u (local.get $lo8)) (v128.load (local.get $p))
                      (local.get $areaV) (local.get $cV) (local.get $loV) (local.get $hiV))
                    (call $dark4 (i32x4.extend_high_i16x8_u (local.get $lo8)) (v128.load offset=16 (local.get $p))
                      (local.get $areaV) (local.get $cV) (local.get $loV) (local.get $hiV)))
                  (i16x8.narrow_i32x4_s
                    (call $dark4 (i32x4.extend_low_i16x8_u (local.get $hi8)) (v128.load offset=32 (local.get $p))
                      (local.get $areaV) (local.get $cV) (local.get $loV) (local.get $hiV))
                    (call $dark4 (i32x4.extend_high_i16x8_u (local.get $hi8)) (v128.load offset=48 (local.get $p))
                      (local.get $areaV) (local.get $cV) (local.get $loV) (local.get $hiV))))))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $sixteen)))
        ;; the rest of the row one pixel at a time, by the same test
        (block $restDone
          (loop $rest
            (br_if $restDone (i32.ge_u (local.get $x) (local.get $w)))
            (local.set $v (i32.load8_u (i32.add (local.get $row) (local.get $x))))
            (local.set $m (i32.add (local.get $v) (local.get $level)))
            (i32.store8 (i32.add (local.get $o) (local.get $x))
              (i32.xor (i32x4.extract_lane 0 (local.get $flip))
                (if (result i32)
                  (i32.or (i32.le_s (local.get $m) (i32.const 0))
                    (i32.and (i32.le_s (local.get $m) (i32.const 255))
                      (i32.ge_s (i32.load (i32.add (local.get $sums) (i32.shl (local.get $x) (i32.const 2))))
                        (i32.add (i32.mul (local.get $v) (local.get $area)) (local.get $c)))))
                  (then (i32.const 255)) (else (i32.const 0)))))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $rest)))
        ;; the window one row down
        (if (i32.lt_u (i32.add (local.get $y) (i32.const 1)) (local.get $h))
          (then
            (call $slide (i32.add (local.get $cols) (i32.shl (local.get $r) (i32.const 2)))
              (call $rowAt (local.get $src) (i32.add (local.get $y) (i32.add (local.get $r) (i32.const 1))) (local.get $w) (local.get $h))
              (call $rowAt (local.get $src) (i32.sub (local.get $y) (local.get $r)) (local.get $w) (local.get $h))
              (local.get $w))))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachRow))))
)
