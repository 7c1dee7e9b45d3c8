;; Max and min filters over a window of 2r + 1 samples, 16 bytes at a time (WebAssembly SIMD), for the ink map's
;; closing (closing.ts), and each pixel's darkness against it. Each output byte is the max (or min) of the bytes a whole number of pixels to either side,
;; in its own channel; samples past the picture's sides are left out, as OpenCV's morphology leaves them out.
;; Compiled into morphology.wasm.ts by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; Along each row: dst's row y, byte x = max (min) over t in [-r, r] of src's row y, byte x + t * step (step: the
  ;; bytes of a pixel). Each row is first copied into `pad` with r pixels of `fill` either side (0 for a max, 255
  ;; for a min: values that never win), so every load is inside it. rowBytes >= 16.
  (func (export "rows") (param $src i32) (param $dst i32) (param $rowBytes i32) (param $height i32)
    (param $r i32) (param $step i32) (param $isMax i32) (param $pad i32)
    (local $y i32) (local $x i32) (local $last i32) (local $side i32) (local $t i32) (local $taps i32)
    (local $p i32) (local $acc v128) (local $fill i32)
    (local.set $last (i32.sub (local.get $rowBytes) (i32.const 16)))
    (local.set $side (i32.mul (local.get $r) (local.get $step)))
    (local.set $taps (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1)))
    (local.set $fill (select (i32.const 0) (i32.const 255) (local.get $isMax)))
    (memory.fill (local.get $pad) (local.get $fill) (local.get $side))
    (memory.fill
      (i32.add (local.get $pad) (i32.add (local.get $side) (local.get $rowBytes)))
      (local.get $fill) (local.get $side))
    (block $rowsDone
      (loop $eachRow
        (br_if $rowsDone (i32.ge_s (local.get $y) (local.get $height)))
        (memory.copy
          (i32.add (local.get $pad) (local.get $side))
          (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $rowBytes)))
          (local.get $rowBytes))
        (local.set $x (i32.const 0))
        (block $chunksDone
          (loop $eachChunk
            ;; the last chunk overlaps the one before rather than running past the row
            (if (i32.gt_s (local.get $x) (local.get $last)) (then (local.set $x (local.get $last))))
            (local.set $p (i32.add (local.get $pad) (local.get $x)))
            (local.set $acc (v128.load (local.get $p)))
            (local.set $t (i32.const 1))
            (block $tapsDone
              (loop $eachTap
                (br_if $tapsDone (i32.ge_s (local.get $t) (local.get $taps)))
                (local.set $p (i32.add (local.get $p) (local.get $step)))
                (if (local.get $isMax)
                  (then (local.set $acc (i8x16.max_u (local.get $acc) (v128.load (local.get $p)))))
                  (else (local.set $acc (i8x16.min_u (local.get $acc) (v128.load (local.get $p))))))
                (local.set $t (i32.add (local.get $t) (i32.const 1)))
                (br $eachTap)))
            (v128.store
              (i32.add (local.get $dst) (i32.add (i32.mul (local.get $y) (local.get $rowBytes)) (local.get $x)))
              (local.get $acc))
            (br_if $chunksDone (i32.ge_s (local.get $x) (local.get $last)))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $eachChunk)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachRow))))

  ;; Down each column: dst's row y = max (min) over the rows y - r to y + r of src that exist, byte by byte.
  ;; rowBytes >= 16.
  (func (export "columns") (param $src i32) (param $dst i32) (param $rowBytes i32) (param $height i32)
    (param $r i32) (param $isMax i32)
    (local $y i32) (local $x i32) (local $last i32) (local $lo i32) (local $hi i32) (local $d i32)
    (local $p i32) (local $acc v128)
    (local.set $last (i32.sub (local.get $rowBytes) (i32.const 16)))
    (block $rowsDone
      (loop $eachRow
        (br_if $rowsDone (i32.ge_s (local.get $y) (local.get $height)))
        ;; the rows of the window inside the picture: max(0, y - r) to min(height - 1, y + r)
        (local.set $lo (i32.sub (local.get $y) (local.get $r)))
        (if (i32.lt_s (local.get $lo) (i32.const 0)) (then (local.set $lo (i32.const 0))))
        (local.set $hi (i32.add (local.get $y) (local.get $r)))
        (if (i32.ge_s (local.get $hi) (local.get $height)) (then (local.set $hi (i32.sub (local.get $height) (i32.const 1)))))
        (local.set $x (i32.const 0))
        (block $chunksDone
          (loop $eachChunk
            (if (i32.gt_s (local.get $x) (local.get $last)) (then (local.set $x (local.get $last))))
            (local.set $p (i32.add (local.get $src) (i32.add (i32.mul (local.get $lo) (local.get $rowBytes)) (local.get $x))))
            (local.set $acc (v128.load (local.get $p)))
            (local.set $d (i32.add (local.get $lo) (i32.const 1)))
            (block $rowsOfWindowDone
              (loop $eachRowOfWindow
                (br_if $rowsOfWindowDone (i32.gt_s (local.get $d) (local.get $hi)))
                (local.set $p (i32.add (local.get $p) (local.get $rowBytes)))
                (if (local.get $isMax)
                  (then (local.set $acc (i8x16.max_u (local.get $acc) (v128.load (local.get $p)))))
                  (else (local.set $acc (i8x16.min_u (local.get $acc) (v128.load (local.get $p))))))
                (local.set $d (i32.add (local.get $d) (i32.const 1)))
                (br $eachRowOfWindow)))
            (v128.store
              (i32.add (local.get $dst) (i32.add (i32.mul (local.get $y) (local.get $rowBytes)) (local.get $x)))
              (local.get $acc))
            (br_if $chunksDone (i32.ge_s (local.get $x) (local.get $last)))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $eachChunk)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachRow))))

  ;; Sixteen bytes of one channel out of 48 bytes of interleaved RGB (a, b, c): eleven (blue: ten) from a and b.
  (func $red (param $a v128) (param $b v128) (param $c v128) (result v128)
    (i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 10 17 20 23 26 29
      (i8x16.shuffle 0 3 6 9 12 15 18 21 24 27 30 0 0 0 0 0 (local.get $a) (local.get $b)) (local.get $c)))
  (func $green (param $a v128) (param $b v128) (param $c v128) (result v128)
    (i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 10 18 21 24 27 30
      (i8x16.shuffle 1 4 7 10 13 16 19 22 25 28 31 0 0 0 0 0 (local.get $a) (local.get $b)) (local.get $c)))
  (func $blue (param $a v128) (param $b v128) (param $c v128) (result v128)
    (i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 16 19 22 25 28 31
      (i8x16.shuffle 2 5 8 11 14 17 20 23 26 29 0 0 0 0 0 0 (local.get $a) (local.get $b)) (local.get $c)))

  ;; Four of the sixteen quotients 255 (b - v) / b, truncated: single precision is exact enough, as a quotient of
  ;; these integers is whole or at least 1/255 away from the next whole number.
  (func $quarter (param $num v128) (param $den v128) (result v128)
    (i32x4.trunc_sat_f32x4_u (f32x4.div (f32x4.convert_i32x4_u (local.get $num)) (f32x4.convert_i32x4_u (local.get $den)))))

  ;; A pixel's darkness in one channel against its closing b: 255 (b - v) / b truncated, 0 where b <= 8 (inkmap.ts).
  (func $dark (param $b v128) (param $v v128) (result v128)
    (local $numLo v128) (local $numHi v128) (local $denLo v128) (local $denHi v128)
    (local.set $numLo (i16x8.mul (i16x8.extend_low_i8x16_u (i8x16.sub_sat_u (local.get $b) (local.get $v))) (i16x8.splat (i32.const 255))))
    (local.set $numHi (i16x8.mul (i16x8.extend_high_i8x16_u (i8x16.sub_sat_u (local.get $b) (local.get $v))) (i16x8.splat (i32.const 255))))
    (local.set $denLo (i16x8.extend_low_i8x16_u (local.get $b)))
    (local.set $denHi (i16x8.extend_high_i8x16_u (local.get $b)))
    (v128.and
      (i8x16.narrow_i16x8_u
        (i16x8.narrow_i32x4_u
          (call $quarter (i32x4.extend_low_i16x8_u (local.get $numLo)) (i32x4.extend_low_i16x8_u (local.get $denLo)))
          (call $quarter (i32x4.extend_high_i16x8_u (local.get $numLo)) (i32x4.extend_high_i16x8_u (local.get $denLo))))
        (i16x8.narrow_i32x4_u
          (call $quarter (i32x4.extend_low_i16x8_u (local.get $numHi)) (i32x4.extend_low_i16x8_u (local.get $denHi)))
          (call $quarter (i32x4.extend_high_i16x8_u (local.get $numHi)) (i32x4.extend_high_i16x8_u (local.get $denHi)))))
      (i8x16.gt_u (local.get $b) (i8x16.splat (i32.const 8)))))

  ;; inkmap.ts's pixelInk for `n` pixels (n >= 16): from the land `img` and its closing `bg` (RGB), each pixel's
  ;; least and most dark channel whose paper (closing) is under `clipped`, or, all clipped, the channel of the dimmest paper
  ;; (the first of equals); the brightest closing (paper) and the brightest channel. The last sixteen pixels are
  ;; taken again where n is not a multiple of 16.
  (func (export "darkness") (param $img i32) (param $bg i32) (param $n i32)
    (param $ink i32) (param $most i32) (param $paper i32) (param $brightest i32) (param $clipped i32)
    (local $i i32) (local $last i32) (local $p i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $b0 v128) (local $b1 v128) (local $b2 v128)
    (local $d0 v128) (local $d1 v128) (local $d2 v128) (local $c0 v128) (local $c1 v128) (local $c2 v128)
    (local $all v128) (local $sel v128) (local $dim v128) (local $dimmest v128) (local $x v128) (local $y v128) (local $z v128)
    (local.set $last (i32.sub (local.get $n) (i32.const 16)))
    (block $done
      (loop $each16
        (if (i32.gt_s (local.get $i) (local.get $last)) (then (local.set $i (local.get $last))))
        (local.set $p (i32.add (local.get $img) (i32.mul (local.get $i) (i32.const 3))))
        (local.set $x (v128.load (local.get $p)))
        (local.set $y (v128.load offset=16 (local.get $p)))
        (local.set $z (v128.load offset=32 (local.get $p)))
        (local.set $v0 (call $red (local.get $x) (local.get $y) (local.get $z)))
        (local.set $v1 (call $green (local.get $x) (local.get $y) (local.get $z)))
        (local.set $v2 (call $blue (local.get $x) (local.get $y) (local.get $z)))
        (local.set $p (i32.add (local.get $bg) (i32.mul (local.get $i) (i32.const 3))))
        (local.set $x (v128.load (local.get $p)))
        (local.set $y (v128.load offset=16 (local.get $p)))
        (local.set $z (v128.load offset=32 (local.get $p)))
        (local.set $b0 (call $red (local.get $x) (local.get $y) (local.get $z)))
        (local.set $b1 (call $green (local.get $x) (local.get $y) (local.get $z)))
        (local.set $b2 (call $blue (local.get $x) (local.get $y) (local.get $z)))
        (local.set $d0 (call $dark (local.get $b0) (local.get $v0)))
        (local.set $d1 (call $dark (local.get $b1) (local.get $v1)))
        (local.set $d2 (call $dark (local.get $b2) (local.get $v2)))
        ;; clipped channels (all ones) drop out: as 255 from the least, as 0 from the most
        (local.set $c0 (i8x16.ge_u (local.get $b0) (i8x16.splat (local.get $clipped))))
        (local.set $c1 (i8x16.ge_u (local.get $b1) (i8x16.splat (local.get $clipped))))
        (local.set $c2 (i8x16.ge_u (local.get $b2) (i8x16.splat (local.get $clipped))))
        (local.set $all (v128.and (v128.and (local.get $c0) (local.get $c1)) (local.get $c2)))
        ;; all clipped: the darkness in the channel of the dimmest paper, the first of equals
        (local.set $sel (i8x16.lt_u (local.get $b1) (local.get $b0)))
        (local.set $dim (v128.bitselect (local.get $b1) (local.get $b0) (local.get $sel)))
        (local.set $dimmest (v128.bitselect (local.get $d1) (local.get $d0) (local.get $sel)))
        (local.set $dimmest (v128.bitselect (local.get $d2) (local.get $dimmest) (i8x16.lt_u (local.get $b2) (local.get $dim))))
        (v128.store (i32.add (local.get $ink) (local.get $i))
          (v128.bitselect (local.get $dimmest)
            (i8x16.min_u (i8x16.min_u (v128.or (local.get $d0) (local.get $c0)) (v128.or (local.get $d1) (local.get $c1)))
              (v128.or (local.get $d2) (local.get $c2)))
            (local.get $all)))
        (v128.store (i32.add (local.get $most) (local.get $i))
          (v128.bitselect (local.get $dimmest)
            (i8x16.max_u (i8x16.max_u (v128.andnot (local.get $d0) (local.get $c0)) (v128.andnot (local.get $d1) (local.get $c1)))
              (v128.andnot (local.get $d2) (local.get $c2)))
            (local.get $all)))
        (v128.store (i32.add (local.get $paper) (local.get $i))
          (i8x16.max_u (i8x16.max_u (local.get $b0) (local.get $b1)) (local.get $b2)))
        (v128.store (i32.add (local.get $brightest) (local.get $i))
          (i8x16.max_u (i8x16.max_u (local.get $v0) (local.get $v1)) (local.get $v2)))
        (br_if $done (i32.ge_s (local.get $i) (local.get $last)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $each16))))
)
