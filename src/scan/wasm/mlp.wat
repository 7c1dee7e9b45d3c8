;; One layer of a network's sums (mlp.ts's layerOf, before its tanh): out[i][o] = b[o] + w[o][0] x[i][0] + w[o][1] x[i][1]
;; + ..., each sum added up in input order with a multiply and an add per term, as the JavaScript does, so the same
;; doubles come out. Two units a lane pair (f64x2), eight units and two rows at a time. The weights are input-major
;; (wT[k][o]), so that one load gives consecutive units' weights for an input. Compiled by tools/build-wasm.ts.
(module
  (memory (export "memory") 1)

  ;; One unit's sum for one row, the plain way (the units and rows left over from the blocks of eight and two).
  (func $unit (param $x i32) (param $wT i32) (param $b i32) (param $units i32) (param $inputs i32) (param $o i32) (result f64)
    (local $a f64) (local $k i32) (local $w i32) (local $stride i32)
    (local.set $a (f64.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 3)))))
    (local.set $w (i32.add (local.get $wT) (i32.shl (local.get $o) (i32.const 3))))
    (local.set $stride (i32.shl (local.get $units) (i32.const 3)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $k) (local.get $inputs)))
        (local.set $a (f64.add (local.get $a)
          (f64.mul (f64.load (local.get $w)) (f64.load (i32.add (local.get $x) (i32.shl (local.get $k) (i32.const 3)))))))
        (local.set $w (i32.add (local.get $w) (local.get $stride)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $each)))
    (local.get $a))

  ;; Every unit of one row the plain way, into out (the last row when the rows are odd).
  (func $row (param $x i32) (param $wT i32) (param $b i32) (param $units i32) (param $inputs i32) (param $out i32)
    (local $o i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $o) (local.get $units)))
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $o) (i32.const 3)))
          (call $unit (local.get $x) (local.get $wT) (local.get $b) (local.get $units) (local.get $inputs) (local.get $o)))
        (local.set $o (i32.add (local.get $o) (i32.const 1)))
        (br $each))))

  ;; The sums of `n` rows of `inputs` values (x, row-major) for `units` units: wT (inputs x units), b (units), out
  ;; (n x units). All addresses in bytes.
  (func (export "layer") (param $x i32) (param $n i32) (param $inputs i32) (param $wT i32) (param $b i32) (param $units i32) (param $out i32)
    (local $i i32) (local $o i32) (local $k i32) (local $w i32) (local $stride i32)
    (local $xa i32) (local $xb i32) (local $oa i32) (local $ob i32)
    (local $u v128) (local $v v128) (local $w0 v128) (local $w1 v128) (local $w2 v128) (local $w3 v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128)
    (local.set $stride (i32.shl (local.get $units) (i32.const 3)))
    (block $rowsDone
      (loop $eachPair
        (br_if $rowsDone (i32.gt_u (i32.add (local.get $i) (i32.const 2)) (local.get $n)))
        (local.set $xa (i32.add (local.get $x) (i32.shl (i32.mul (local.get $i) (local.get $inputs)) (i32.const 3))))
        (local.set $xb (i32.add (local.get $xa) (i32.shl (local.get $inputs) (i32.const 3))))
        (local.set $oa (i32.add (local.get $out) (i32.shl (i32.mul (local.get $i) (local.get $units)) (i32.const 3))))
        (local.set $ob (i32.add (local.get $oa) (local.get $stride)))
        (local.set $o (i32.const 0))
        (block $blocksDone
          (loop $eachBlock
            (br_if $blocksDone (i32.gt_u (i32.add (local.get $o) (i32.const 8)) (local.get $units)))
            (local.set $w (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 3))))
            (local.set $a0 (v128.load (local.get $w)))
            (local.set $a1 (v128.load offset=16 (local.get $w)))
            (local.set $a2 (v128.load offset=32 (local.get $w)))
            (local.set $a3 (v128.load offset=48 (local.get $w)))
            (local.set $c0 (local.get $a0))
            (local.set $c1 (local.get $a1))
            (local.set $c2 (local.get $a2))
            (local.set $c3 (local.get $a3))
            (local.set $w (i32.add (local.get $wT) (i32.shl (local.get $o) (i32.const 3))))
            (local.set $k (i32.const 0))
            (block $inputsDone
              (loop $eachInput
                (br_if $inputsDone (i32.ge_u (local.get $k) (local.get $inputs)))
                (local.set $u (f64x2.splat (f64.load (i32.add (local.get $xa) (i32.shl (local.get $k) (i32.const 3))))))
                (local.set $v (f64x2.splat (f64.load (i32.add (local.get $xb) (i32.shl (local.get $k) (i32.const 3))))))
                (local.set $w0 (v128.load (local.get $w)))
                (local.set $w1 (v128.load offset=16 (local.get $w)))
                (local.set $w2 (v128.load offset=32 (local.get $w)))
                (local.set $w3 (v128.load offset=48 (local.get $w)))
                (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (local.get $w0) (local.get $u))))
                (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (local.get $w1) (local.get $u))))
                (local.set $a2 (f64x2.add (local.get $a2) (f64x2.mul (local.get $w2) (local.get $u))))
                (local.set $a3 (f64x2.add (local.get $a3) (f64x2.mul (local.get $w3) (local.get $u))))
                (local.set $c0 (f64x2.add (local.get $c0) (f64x2.mul (local.get $w0) (local.get $v))))
                (local.set $c1 (f64x2.add (local.get $c1) (f64x2.mul (local.get $w1) (local.get $v))))
                (local.set $c2 (f64x2.add (local.get $c2) (f64x2.mul (local.get $w2) (local.get $v))))
                (local.set $c3 (f64x2.add (local.get $c3) (f64x2.mul (local.get $w3) (local.get $v))))
                (local.set $w (i32.add (local.get $w) (local.get $stride)))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $eachInput)))
            (local.set $w (i32.add (local.get $oa) (i32.shl (local.get $o) (i32.const 3))))
            (v128.store (local.get $w) (local.get $a0))
            (v128.store offset=16 (local.get $w) (local.get $a1))
            (v128.store offset=32 (local.get $w) (local.get $a2))
            (v128.store offset=48 (local.get $w) (local.get $a3))
            (local.set $w (i32.add (local.get $ob) (i32.shl (local.get $o) (i32.const 3))))
            (v128.store (local.get $w) (local.get $c0))
            (v128.store offset=16 (local.get $w) (local.get $c1))
            (v128.store offset=32 (local.get $w) (local.get $c2))
            (v128.store offset=48 (local.get $w) (local.get $c3))
            (local.set $o (i32.add (local.get $o) (i32.const 8)))
            (br $eachBlock)))
        ;; units past the last block of eight, one at a time
        (block $restDone
          (loop $eachRest
            (br_if $restDone (i32.ge_u (local.get $o) (local.get $units)))
            (f64.store (i32.add (local.get $oa) (i32.shl (local.get $o) (i32.const 3)))
              (call $unit (local.get $xa) (local.get $wT) (local.get $b) (local.get $units) (local.get $inputs) (local.get $o)))
            (f64.store (i32.add (local.get $ob) (i32.shl (local.get $o) (i32.const 3)))
              (call $unit (local.get $xb) (local.get $wT) (local.get $b) (local.get $units) (local.get $inputs) (local.get $o)))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))
            (br $eachRest)))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $eachPair)))
    (if (i32.lt_u (local.get $i) (local.get $n))
      (then
        (call $row
          (i32.add (local.get $x) (i32.shl (i32.mul (local.get $i) (local.get $inputs)) (i32.const 3)))
          (local.get $wT) (local.get $b) (local.get $units) (local.get $inputs)
          (i32.add (local.get $out) (i32.shl (i32.mul (local.get $i) (local.get $units)) (i32.const 3)))))))

  ;; mlp.ts's standardised over n rows of `inputs` doubles at $x, in place: each input held to [lo, hi] when
  ;; $clamped (Math.min(hi, Math.max(lo, v)): f64.max and f64.min order signed zeros and pass NaN as they do), less
  ;; its mean, over its scale.
  (func (export "standardise") (param $x i32) (param $n i32) (param $inputs i32) (param $mean i32) (param $scale i32)
        (param $lo i32) (param $hi i32) (param $clamped i32)
    (local $i i32) (local $k i32) (local $at i32) (local $v f64) (local $q i32)
    (local.set $at (local.get $x))
    (block $rows (loop $row
      (br_if $rows (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $k (i32.const 0))
      (block $ks (loop $each_k
        (br_if $ks (i32.ge_u (local.get $k) (local.get $inputs)))
        (local.set $q (i32.shl (local.get $k) (i32.const 3)))
        (local.set $v (f64.load (local.get $at)))
        (if (local.get $clamped)
          (then (local.set $v (f64.min (f64.load (i32.add (local.get $hi) (local.get $q)))
            (f64.max (f64.load (i32.add (local.get $lo) (local.get $q))) (local.get $v))))))
        (f64.store (local.get $at)
          (f64.div (f64.sub (local.get $v) (f64.load (i32.add (local.get $mean) (local.get $q))))
                   (f64.load (i32.add (local.get $scale) (local.get $q)))))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $each_k)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $row))))
)
