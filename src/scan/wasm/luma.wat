;; Luma of interleaved RGB, (77 R + 150 G + 29 B) >> 8 (image.ts's lumaOf, the same integers), sixteen pixels at a
;; time with WebAssembly SIMD. Compiled into luma.wasm.ts by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; grey[i] for the first `n` pixels of rgb (n a multiple of 16; the caller does the rest).
  (func (export "luma") (param $rgb i32) (param $grey i32) (param $n i32)
    (local $i i32) (local $p i32) (local $a v128) (local $b v128) (local $c v128)
    (local $r v128) (local $g v128) (local $bl v128) (local $lo v128) (local $hi v128)
    (local.set $p (local.get $rgb))
    (block $done
      (loop $each16
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $a (v128.load (local.get $p)))
        (local.set $b (v128.load offset=16 (local.get $p)))
        (local.set $c (v128.load offset=32 (local.get $p)))
        ;; each channel's sixteen bytes: eleven (blue: ten) from the first 32 bytes, the rest from the last 16
        (local.set $r (i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 10 17 20 23 26 29
          (i8x16.shuffle 0 3 6 9 12 15 18 21 24 27 30 0 0 0 0 0 (local.get $a) (local.get $b)) (local.get $c)))
        (local.set $g (i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 10 18 21 24 27 30
          (i8x16.shuffle 1 4 7 10 13 16 19 22 25 28 31 0 0 0 0 0 (local.get $a) (local.get $b)) (local.get $c)))
        (local.set $bl (i8x16.shuffle 0 1 2 3 4 5 6 7 8 9 16 19 22 25 28 31
          (i8x16.shuffle 2 5 8 11 14 17 20 23 26 29 0 0 0 0 0 0 (local.get $a) (local.get $b)) (local.get $c)))
        ;; 77 R + 150 G + 29 B is at most 65,280: it fits sixteen unsigned bits, and wrapping arithmetic keeps them
        (local.set $lo (i16x8.shr_u
          (i16x8.add
            (i16x8.add
              (i16x8.mul (i16x8.extend_low_i8x16_u (local.get $r)) (i16x8.splat (i32.const 77)))
              (i16x8.mul (i16x8.extend_low_i8x16_u (local.get $g)) (i16x8.splat (i32.const 150))))
            (i16x8.mul (i16x8.extend_low_i8x16_u (local.get $bl)) (i16x8.splat (i32.const 29))))
          (i32.const 8)))
        (local.set $hi (i16x8.shr_u
          (i16x8.add
            (i16x8.add
              (i16x8.mul (i16x8.extend_high_i8x16_u (local.get $r)) (i16x8.splat (i32.const 77)))
              (i16x8.mul (i16x8.extend_high_i8x16_u (local.get $g)) (i16x8.splat (i32.const 150))))
            (i16x8.mul (i16x8.extend_high_i8x16_u (local.get $bl)) (i16x8.splat (i32.const 29))))
          (i32.const 8)))
        (v128.store (i32.add (local.get $grey) (local.get $i)) (i8x16.narrow_i16x8_u (local.get $lo) (local.get $hi)))
        (local.set $p (i32.add (local.get $p) (i32.const 48)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $each16))))
)
