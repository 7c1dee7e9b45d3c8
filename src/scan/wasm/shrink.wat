;; area-shrink.ts's halving (OpenCV's INTER_AREA at exactly 2 x 2, the same bytes): each output pixel the sum of its
;; four, plus 2, shifted down by 2, as OpenCV's scalar 2 x 2 loop rounds. Sixteen output pixels at a time.
;; Compiled by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; dst (dw x dh) from src (2 dw wide or more, `w` bytes a row)
  (func (export "half") (param $src i32) (param $w i32) (param $dst i32) (param $dw i32) (param $dh i32)
    (local $y i32) (local $x i32) (local $a i32) (local $b i32) (local $o i32) (local $two v128)
    (local.set $two (i16x8.splat (i32.const 2)))
    (block $rowsDone
      (loop $eachRow
        (br_if $rowsDone (i32.ge_u (local.get $y) (local.get $dh)))
        (local.set $a (i32.add (local.get $src) (i32.mul (i32.shl (local.get $y) (i32.const 1)) (local.get $w))))
        (local.set $b (i32.add (local.get $a) (local.get $w)))
        (local.set $o (i32.add (local.get $dst) (i32.mul (local.get $y) (local.get $dw))))
        (local.set $x (i32.const 0))
        (block $sixteenDone
          (loop $sixteen
            (br_if $sixteenDone (i32.gt_u (i32.add (local.get $x) (i32.const 16)) (local.get $dw)))
            (v128.store (i32.add (local.get $o) (local.get $x))
              (i8x16.narrow_i16x8_u
                (i16x8.shr_u
                  (i16x8.add (local.get $two)
                    (i16x8.add
                      (i16x8.extadd_pairwise_i8x16_u (v128.load (i32.add (local.get $a) (i32.shl (local.get $x) (i32.const 1)))))
                      (i16x8.extadd_pairwise_i8x16_u (v128.load (i32.add (local.get $b) (i32.shl (local.get $x) (i32.const 1)))))))
                  (i32.const 2))
                (i16x8.shr_u
                  (i16x8.add (local.get $two)
                    (i16x8.add
                      (i16x8.extadd_pairwise_i8x16_u (v128.load offset=16 (i32.add (local.get $a) (i32.shl (local.get $x) (i32.const 1)))))
                      (i16x8.extadd_pairwise_i8x16_u (v128.load offset=16 (i32.add (local.get $b) (i32.shl (local.get $x) (i32.const 1)))))))
                  (i32.const 2))))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (br $sixteen)))
        (block $restDone
          (loop $rest
            (br_if $restDone (i32.ge_u (local.get $x) (local.get $dw)))
            (i32.store8 (i32.add (local.get $o) (local.get $x))
              (i32.shr_u
                (i32.add (i32.const 2)
                  (i32.add
                    (i32.add (i32.load8_u (i32.add (local.get $a) (i32.shl (local.get $x) (i32.const 1))))
                      (i32.load8_u offset=1 (i32.add (local.get $a) (i32.shl (local.get $x) (i32.const 1)))))
                    (i32.add (i32.load8_u (i32.add (local.get $b) (i32.shl (local.get $x) (i32.const 1))))
                      (i32.load8_u offset=1 (i32.add (local.get $b) (i32.shl (local.get $x) (i32.const 1)))))))
                (i32.const 2)))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $rest)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $eachRow))))
)
