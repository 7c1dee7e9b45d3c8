;; OpenCV's 8-bit Gaussian blur with a 5-tap kernel (a, b, c, b, a) in 256ths, as its fixed-point code computes it:
;; each row's weighted sum kept whole (16 bits), then each column's (32 bits), rounded half up over 65,536; borders
;; reflected as OpenCV reflects them (101: -1 is 1). ridge.ts gives it the kernel OpenCV makes for its sigma; a test
;; holds the result to OpenCV's. Sixteen pixels at a time (WebAssembly SIMD). Compiled into blur.wasm.ts by
;; tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; width, height >= 16 and >= 3. `tmp`: width x height 16-bit row sums; `pad`: width + 4 bytes (+16) of scratch.
  (func (export "gaussian5") (param $src i32) (param $dst i32) (param $width i32) (param $height i32)
    (param $ka i32) (param $kb i32) (param $kc i32) (param $tmp i32) (param $pad i32)
    (local $y i32) (local $x i32) (local $last i32) (local $row i32) (local $p i32) (local $o i32)
    (local $a v128) (local $b v128) (local $c v128) (local $lo v128) (local $hi v128)
    (local $r0 i32) (local $r1 i32) (local $r2 i32) (local $r3 i32) (local $r4 i32)
    (local $s0 v128) (local $s1 v128) (local $sumBytes i32)
    (local.set $last (i32.sub (local.get $width) (i32.const 16)))
    (local.set $sumBytes (i32.shl (local.get $width) (i32.const 1)))
    (local.set $a (i16x8.splat (local.get $ka)))
    (local.set $b (i16x8.splat (local.get $kb)))
    (local.set $c (i16x8.splat (local.get $kc)))
    ;; rows: each copied between two reflected pixels either side, then a c b a-weighted along it
    (block $rowsDone
      (loop $eachRow
        (br_if $rowsDone (i32.ge_s (local.get $y) (local.get $height)))
        (local.set $row (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $width))))
        (memory.copy (i32.add (local.get $pad) (i32.const 2)) (local.get $row) (local.get $width))
        (i32.store8 (local.get $pad) (i32.load8_u offset=2 (local.get $row)))
        (i32.store8 offset=1 (local.get $pad) (i32.load8_u offset=1 (local.get $row)))
        (local.set $p (i32.add (local.get $row) (local.get $width)))
        (i32.store8 (i32.add (local.get $pad) (i32.add (local.get $width) (i32.const 2))) (i32.load8_u (i32.sub (local.get $p) (i32.const 2))))
        (i32.store8 (i32.add (local.get $pad) (i32.add (local.get $width) (i32.const 3))) (i32.load8_u (i32.sub (local.get $p) (i32.const 3))))
        (local.set $x (i32.const 0))
        (block $chunksDone
          (loop $eachChunk
            (if (i32.gt_s (local.get $x) (local.get $last)) (then (local.set $x (local.get $last))))
            ;; pixel x of the row is byte x + 2 of pad
            (local.set $p (i32.add (local.get $pad) (local.get $x)))
            (local.set $lo (i16x8.add (i16x8.add
              (i16x8.mul (local.get $a) (i16x8.add (i16x8.extend_low_i8x16_u (v128.load (local.get $p))) (i16x8.extend_low_i8x16_u (v128.load offset=4 (local.get $p)))))
              (i16x8.mul (local.get $b) (i16x8.add (i16x8.extend_low_i8x16_u (v128.load offset=1 (local.get $p))) (i16x8.extend_low_i8x16_u (v128.load offset=3 (local.get $p))))))
              (i16x8.mul (local.get $c) (i16x8.extend_low_i8x16_u (v128.load offset=2 (local.get $p))))))
            (local.set $hi (i16x8.add (i16x8.add
              (i16x8.mul (local.get $a) (i16x8.add (i16x8.extend_high_i8x16_u (v128.load (local.get $p))) (i16x8.extend_high_i8x16_u (v128.load offset=4 (local.get $p)))))
              (i16x8.mul (local.get $b) (i16x8.add (i16x8.extend_high_i8x16_u (v128.load offset=1 (local.get $p))) (i16x8.extend_high_i8x16_u (v128.load offset=3 (local.get $p))))))
              (i16x8.mul (local.get $c) (i16x8.extend_high_i8x16_u (v128.load offset=2 (local.get $p))))))
            (local.set $o (i32.add (local.get $tmp) (i32.shl (i32.add (i32.mul (local.get $y) (local.get $width)) (local.get $x)) (i32.const 1))))
            (v128.store (local.get $o) (local.get $lo))
            (v128.store offset=16 (local.get $o) (local.get $hi))
            (br_if $chunksDone (i32.ge_s (local.get $x) (local.get $last)))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $eachChunk)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachRow)))
    ;; columns: the five reflected rows' sums weighted a b c b a in 32 bits, then (s + 32768) >> 16
    (local.set $y (i32.const 0))
    (block $colsDone
      (loop $eachOutRow
        (br_if $colsDone (i32.ge_s (local.get $y) (local.get $height)))
        (local.set $r0 (call $rowStart (i32.sub (local.get $y) (i32.const 2)) (local.get $height) (local.get $sumBytes) (local.get $tmp)))
        (local.set $r1 (call $rowStart (i32.sub (local.get $y) (i32.const 1)) (local.get $height) (local.get $sumBytes) (local.get $tmp)))
        (local.set $r2 (call $rowStart (local.get $y) (local.get $height) (local.get $sumBytes) (local.get $tmp)))
        (local.set $r3 (call $rowStart (i32.add (local.get $y) (i32.const 1)) (local.get $height) (local.get $sumBytes) (local.get $tmp)))
        (local.set $r4 (call $rowStart (i32.add (local.get $y) (i32.const 2)) (local.get $height) (local.get $sumBytes) (local.get $tmp)))
        (local.set $x (i32.const 0))
        (block $colChunksDone
          (loop $eachColChunk
            (if (i32.gt_s (local.get $x) (local.get $last)) (then (local.set $x (local.get $last))))
            (local.set $p (i32.shl (local.get $x) (i32.const 1)))
            (local.set $s0 (call $column8 (local.get $r0) (local.get $r1) (local.get $r2) (local.get $r3) (local.get $r4) (local.get $p)
              (local.get $ka) (local.get $kb) (local.get $kc)))
            (local.set $s1 (call $column8 (local.get $r0) (local.get $r1) (local.get $r2) (local.get $r3) (local.get $r4) (i32.add (local.get $p) (i32.const 16))
              (local.get $ka) (local.get $kb) (local.get $kc)))
            (v128.store (i32.add (local.get $dst) (i32.add (i32.mul (local.get $y) (local.get $width)) (local.get $x)))
              (i8x16.narrow_i16x8_u (local.get $s0) (local.get $s1)))
            (br_if $colChunksDone (i32.ge_s (local.get $x) (local.get $last)))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $eachColChunk)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachOutRow))))

  ;; Where row y starts (`base` + y * rowBytes), y reflected into 0..height-1 as OpenCV reflects it (101): the blur's
  ;; row sums and the ridge's padded rows alike.
  (func $rowStart (param $y i32) (param $height i32) (param $rowBytes i32) (param $base i32) (result i32)
    (if (i32.lt_s (local.get $y) (i32.const 0)) (then (local.set $y (i32.sub (i32.const 0) (local.get $y)))))
    (if (i32.ge_s (local.get $y) (local.get $height))
      (then (local.set $y (i32.sub (i32.sub (i32.shl (local.get $height) (i32.const 1)) (i32.const 2)) (local.get $y)))))
    (i32.add (local.get $base) (i32.mul (local.get $y) (local.get $rowBytes))))

  ;; Eight outputs from eight 16-bit sums in each of five rows (at byte `p` of each): as 16-bit lanes, rounded.
  (func $column8 (param $r0 i32) (param $r1 i32) (param $r2 i32) (param $r3 i32) (param $r4 i32) (param $p i32)
    (param $ka i32) (param $kb i32) (param $kc i32) (result v128)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128) (local $v4 v128) (local $lo v128) (local $hi v128)
    (local.set $v0 (v128.load (i32.add (local.get $r0) (local.get $p))))
    (local.set $v1 (v128.load (i32.add (local.get $r1) (local.get $p))))
    (local.set $v2 (v128.load (i32.add (local.get $r2) (local.get $p))))
    (local.set $v3 (v128.load (i32.add (local.get $r3) (local.get $p))))
    (local.set $v4 (v128.load (i32.add (local.get $r4) (local.get $p))))
    (local.set $lo (i32x4.add (i32x4.add
      (i32x4.mul (i32x4.splat (local.get $ka)) (i32x4.add (i32x4.extend_low_i16x8_u (local.get $v0)) (i32x4.extend_low_i16x8_u (local.get $v4))))
      (i32x4.mul (i32x4.splat (local.get $kb)) (i32x4.add (i32x4.extend_low_i16x8_u (local.get $v1)) (i32x4.extend_low_i16x8_u (local.get $v3)))))
      (i32x4.add (i32x4.mul (i32x4.splat (local.get $kc)) (i32x4.extend_low_i16x8_u (local.get $v2))) (i32x4.splat (i32.const 32768)))))
    (local.set $hi (i32x4.add (i32x4.add
      (i32x4.mul (i32x4.splat (local.get $ka)) (i32x4.add (i32x4.extend_high_i16x8_u (local.get $v0)) (i32x4.extend_high_i16x8_u (local.get $v4))))
      (i32x4.mul (i32x4.splat (local.get $kb)) (i32x4.add (i32x4.extend_high_i16x8_u (local.get $v1)) (i32x4.extend_high_i16x8_u (local.get $v3)))))
      (i32x4.add (i32x4.mul (i32x4.splat (local.get $kc)) (i32x4.extend_high_i16x8_u (local.get $v2))) (i32x4.splat (i32.const 32768)))))
    (i16x8.narrow_i32x4_u (i32x4.shr_u (local.get $lo) (i32.const 16)) (i32x4.shr_u (local.get $hi) (i32.const 16))))

  ;; The ridge maps from the blurred picture (ridge.ts): the second derivatives across x and across y, OpenCV's
  ;; Sobel of order 2 and aperture 3 ([1 -2 1] along, [1 2 1] across, borders reflected 101; whole numbers), each
  ;; times gain / max(paper, 8) in double precision and truncated into 0..255, as ridge.ts's JavaScript did.
  ;; width >= 8, height >= 2. `padded`: (width + 2) x height bytes of scratch.
  (func (export "ridge") (param $src i32) (param $paper i32) (param $width i32) (param $height i32) (param $gain f64)
    (param $v i32) (param $h i32) (param $padded i32)
    (local $y i32) (local $x i32) (local $last i32) (local $pw i32) (local $row i32) (local $p i32)
    (local $up i32) (local $mid i32) (local $down i32) (local $i i32)
    (local $lu v128) (local $cu v128) (local $ru v128) (local $lm v128) (local $cm v128) (local $rm v128)
    (local $ld v128) (local $cd v128) (local $rd v128) (local $dxx v128) (local $dyy v128) (local $k v128)
    (local $k01 v128) (local $k23 v128) (local $k45 v128) (local $k67 v128) (local $pp v128)
    (local.set $pw (i32.add (local.get $width) (i32.const 2)))
    (local.set $last (i32.sub (local.get $width) (i32.const 8)))
    ;; each row between its reflected neighbours: pixel x at byte x + 1
    (block $padDone
      (loop $eachPad
        (br_if $padDone (i32.ge_s (local.get $y) (local.get $height)))
        (local.set $row (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $width))))
        (local.set $p (i32.add (local.get $padded) (i32.mul (local.get $y) (local.get $pw))))
        (memory.copy (i32.add (local.get $p) (i32.const 1)) (local.get $row) (local.get $width))
        (i32.store8 (local.get $p) (i32.load8_u offset=1 (local.get $row)))
        (i32.store8 (i32.add (local.get $p) (i32.add (local.get $width) (i32.const 1)))
          (i32.load8_u (i32.add (local.get $row) (i32.sub (local.get $width) (i32.const 2)))))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachPad)))
    (local.set $y (i32.const 0))
    (block $rowsDone
      (loop $eachRow
        (br_if $rowsDone (i32.ge_s (local.get $y) (local.get $height)))
        (local.set $up (call $rowStart (i32.sub (local.get $y) (i32.const 1)) (local.get $height) (local.get $pw) (local.get $padded)))
        (local.set $mid (call $rowStart (local.get $y) (local.get $height) (local.get $pw) (local.get $padded)))
        (local.set $down (call $rowStart (i32.add (local.get $y) (i32.const 1)) (local.get $height) (local.get $pw) (local.get $padded)))
        (local.set $x (i32.const 0))
        (block $chunksDone
          (loop $eachChunk
            (if (i32.gt_s (local.get $x) (local.get $last)) (then (local.set $x (local.get $last))))
            (local.set $lu (v128.load8x8_u (i32.add (local.get $up) (local.get $x))))
            (local.set $cu (v128.load8x8_u offset=1 (i32.add (local.get $up) (local.get $x))))
            (local.set $ru (v128.load8x8_u offset=2 (i32.add (local.get $up) (local.get $x))))
            (local.set $lm (v128.load8x8_u (i32.add (local.get $mid) (local.get $x))))
            (local.set $cm (v128.load8x8_u offset=1 (i32.add (local.get $mid) (local.get $x))))
            (local.set $rm (v128.load8x8_u offset=2 (i32.add (local.get $mid) (local.get $x))))
            (local.set $ld (v128.load8x8_u (i32.add (local.get $down) (local.get $x))))
            (local.set $cd (v128.load8x8_u offset=1 (i32.add (local.get $down) (local.get $x))))
            (local.set $rd (v128.load8x8_u offset=2 (i32.add (local.get $down) (local.get $x))))
            ;; (l - 2c + r) on the rows above, here (twice) and below
            (local.set $dxx (i16x8.add (i16x8.add
              (call $second (local.get $lu) (local.get $cu) (local.get $ru))
              (i16x8.shl (call $second (local.get $lm) (local.get $cm) (local.get $rm)) (i32.const 1)))
              (call $second (local.get $ld) (local.get $cd) (local.get $rd))))
            ;; (u - 2m + d) down the columns to the left, here (twice) and to the right
            (local.set $dyy (i16x8.add (i16x8.add
              (call $second (local.get $lu) (local.get $lm) (local.get $ld))
              (i16x8.shl (call $second (local.get $cu) (local.get $cm) (local.get $cd)) (i32.const 1)))
              (call $second (local.get $ru) (local.get $rm) (local.get $rd))))
            ;; k = gain / max(paper, 8), two lanes at a time
            (local.set $i (i32.add (i32.mul (local.get $y) (local.get $width)) (local.get $x)))
            (local.set $pp (i16x8.max_u (v128.load8x8_u (i32.add (local.get $paper) (local.get $i))) (i16x8.splat (i32.const 8))))
            (local.set $k01 (call $ratio (local.get $gain) (i32x4.extend_low_i16x8_u (local.get $pp))))
            (local.set $k23 (call $ratio (local.get $gain) (i8x16.shuffle 8 9 10 11 12 13 14 15 0 0 0 0 0 0 0 0 (i32x4.extend_low_i16x8_u (local.get $pp)) (local.get $pp))))
            (local.set $k45 (call $ratio (local.get $gain) (i32x4.extend_high_i16x8_u (local.get $pp))))
            (local.set $k67 (call $ratio (local.get $gain) (i8x16.shuffle 8 9 10 11 12 13 14 15 0 0 0 0 0 0 0 0 (i32x4.extend_high_i16x8_u (local.get $pp)) (local.get $pp))))
            (v128.store64_lane 0 (i32.add (local.get $v) (local.get $i))
              (call $scaled (local.get $dxx) (local.get $k01) (local.get $k23) (local.get $k45) (local.get $k67)))
            (v128.store64_lane 0 (i32.add (local.get $h) (local.get $i))
              (call $scaled (local.get $dyy) (local.get $k01) (local.get $k23) (local.get $k45) (local.get $k67)))
            (br_if $chunksDone (i32.ge_s (local.get $x) (local.get $last)))
            (local.set $x (i32.add (local.get $x) (i32.const 8)))
            (br $eachChunk)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachRow))))

  ;; a - 2b + c in 16-bit lanes.
  (func $second (param $a v128) (param $b v128) (param $c v128) (result v128)
    (i16x8.add (i16x8.sub (local.get $a) (i16x8.shl (local.get $b) (i32.const 1))) (local.get $c)))

  ;; gain / (the two low 32-bit lanes of q), in double precision.
  (func $ratio (param $gain f64) (param $q v128) (result v128)
    (f64x2.div (f64x2.splat (local.get $gain)) (f64x2.convert_low_i32x4_u (local.get $q))))

  ;; Eight 16-bit derivatives times their k (k01 for lanes 0 and 1, ...), each a > 0 ? (a < 255 ? trunc(a) : 255)
  ;; : 0, as eight bytes in the low half.
  (func $scaled (param $d v128) (param $k01 v128) (param $k23 v128) (param $k45 v128) (param $k67 v128) (result v128)
    (local $lo v128) (local $hi v128) (local $t01 v128) (local $t23 v128) (local $t45 v128) (local $t67 v128)
    (local.set $lo (i32x4.extend_low_i16x8_s (local.get $d)))
    (local.set $hi (i32x4.extend_high_i16x8_s (local.get $d)))
    (local.set $t01 (call $byte2 (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $lo)) (local.get $k01))))
    (local.set $t23 (call $byte2 (f64x2.mul (f64x2.convert_low_i32x4_s
      (i8x16.shuffle 8 9 10 11 12 13 14 15 0 0 0 0 0 0 0 0 (local.get $lo) (local.get $lo))) (local.get $k23))))
    (local.set $t45 (call $byte2 (f64x2.mul (f64x2.convert_low_i32x4_s (local.get $hi)) (local.get $k45))))
    (local.set $t67 (call $byte2 (f64x2.mul (f64x2.convert_low_i32x4_s
      (i8x16.shuffle 8 9 10 11 12 13 14 15 0 0 0 0 0 0 0 0 (local.get $hi) (local.get $hi))) (local.get $k67))))
    ;; each t holds two results in the low bytes of its 32-bit lanes 0 and 1
    (i8x16.shuffle 0 1 2 3 16 17 18 19 0 0 0 0 0 0 0 0
      (i8x16.shuffle 0 4 16 20 0 0 0 0 0 0 0 0 0 0 0 0 (local.get $t01) (local.get $t23))
      (i8x16.shuffle 0 4 16 20 0 0 0 0 0 0 0 0 0 0 0 0 (local.get $t45) (local.get $t67))))

  ;; Two doubles into 0..255 as ridge.ts held them: max with 0 (NaN does not occur), min with 255, truncated.
  (func $byte2 (param $a v128) (result v128)
    (i32x4.trunc_sat_f64x2_s_zero (f64x2.pmin (f64x2.splat (f64.const 255)) (f64x2.pmax (f64x2.splat (f64.const 0)) (local.get $a)))))
)
