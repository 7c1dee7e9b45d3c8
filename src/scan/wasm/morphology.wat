;; Max and min filters over a window of 2r + 1 samples, 16 bytes at a time (WebAssembly SIMD), for the ink map's
;; closing (closing.ts). Each output byte is the max (or min) of the bytes a whole number of pixels to either side,
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
)
