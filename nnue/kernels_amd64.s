//go:build amd64 && !purego

#include "textflag.h"

// func addRowAVX2(dst, src []int16)
TEXT ·addRowAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	SHRQ $4, CX
	JZ   addDone

addLoop:
	VMOVDQU (DI), Y0
	VPADDW  (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	DECQ    CX
	JNZ     addLoop

addDone:
	VZEROUPPER
	RET

// func subRowAVX2(dst, src []int16)
TEXT ·subRowAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	SHRQ $4, CX
	JZ   subDone

subLoop:
	VMOVDQU (DI), Y0
	VPSUBW  (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	DECQ    CX
	JNZ     subLoop

subDone:
	VZEROUPPER
	RET

// func addSubRowAVX2(dst, src, add, sub []int16)
TEXT ·addSubRowAVX2(SB), NOSPLIT, $0-96
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ add_base+48(FP), R8
	MOVQ sub_base+72(FP), R9
	SHRQ $4, CX
	JZ   addSubDone

addSubLoop:
	VMOVDQU (SI), Y0
	VPADDW  (R8), Y0, Y0
	VPSUBW  (R9), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     addSubLoop

addSubDone:
	VZEROUPPER
	RET

// func dotCReLUAVX2(acc, w []int16) int32
// Σ clamp(acc[i], 0, 255)·w[i]: VPMADDWD multiplies int16 pairs and adds
// neighbours into int32 lanes.
TEXT ·dotCReLUAVX2(SB), NOSPLIT, $0-52
	MOVQ acc_base+0(FP), SI
	MOVQ acc_len+8(FP), CX
	MOVQ w_base+24(FP), DI
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	MOVL  $255, AX
	MOVD  AX, X4
	VPBROADCASTW X4, Y4
	SHRQ $4, CX
	JZ   dotSum

dotLoop:
	VMOVDQU  (SI), Y0
	VPMAXSW  Y3, Y0, Y0
	VPMINSW  Y4, Y0, Y0
	VPMADDWD (DI), Y0, Y0
	VPADDD   Y0, Y2, Y2
	ADDQ     $32, SI
	ADDQ     $32, DI
	DECQ     CX
	JNZ      dotLoop

dotSum:
	VEXTRACTI128 $1, Y2, X0
	VPADDD       X0, X2, X2
	VPSHUFD      $0x4E, X2, X0
	VPADDD       X0, X2, X2
	VPSHUFD      $0xB1, X2, X0
	VPADDD       X0, X2, X2
	VMOVD        X2, AX
	MOVL         AX, ret+48(FP)
	VZEROUPPER
	RET
