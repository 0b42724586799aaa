//go:build amd64 && !purego

#include "textflag.h"

// The kernels work on a row in blocks: 64 floats (eight registers) at a
// time, then 16 (two registers), since H is a multiple of 16. A block is
// kept in registers while every listed row adds to it (sumRows) or
// takes it (addToRows), so each row is read once. No fused multiply-add:
// the Go twins (kernels.go) round exactly as these do.

// func sumRowsAVX2(dst, m []float32, rows []uint16)
TEXT ·sumRowsAVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ m_base+24(FP), SI
	MOVQ rows_base+48(FP), R8
	MOVQ rows_len+56(FP), R9
	MOVQ CX, R10
	SHLQ $2, R10               // bytes a row
	XORQ BX, BX                // the block's offset in a row, bytes
	MOVQ CX, R11
	SHRQ $6, R11               // blocks of 64
	JZ   sum16

sum64:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	XORQ   DX, DX
	TESTQ  R9, R9
	JZ     sum64store

sum64row:
	MOVWQZX (R8)(DX*2), AX
	IMULQ   R10, AX
	ADDQ    SI, AX
	ADDQ    BX, AX
	VADDPS  0(AX), Y0, Y0
	VADDPS  32(AX), Y1, Y1
	VADDPS  64(AX), Y2, Y2
	VADDPS  96(AX), Y3, Y3
	VADDPS  128(AX), Y4, Y4
	VADDPS  160(AX), Y5, Y5
	VADDPS  192(AX), Y6, Y6
	VADDPS  224(AX), Y7, Y7
	INCQ    DX
	CMPQ    DX, R9
	JB      sum64row

sum64store:
	VMOVUPS Y0, 0(DI)(BX*1)
	VMOVUPS Y1, 32(DI)(BX*1)
	VMOVUPS Y2, 64(DI)(BX*1)
	VMOVUPS Y3, 96(DI)(BX*1)
	VMOVUPS Y4, 128(DI)(BX*1)
	VMOVUPS Y5, 160(DI)(BX*1)
	VMOVUPS Y6, 192(DI)(BX*1)
	VMOVUPS Y7, 224(DI)(BX*1)
	ADDQ    $256, BX
	DECQ    R11
	JNZ     sum64

sum16:
	MOVQ CX, R11
	ANDQ $63, R11
	SHRQ $4, R11               // blocks of 16 left
	JZ   sumDone

sum16block:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	XORQ   DX, DX
	TESTQ  R9, R9
	JZ     sum16store

sum16row:
	MOVWQZX (R8)(DX*2), AX
	IMULQ   R10, AX
	ADDQ    SI, AX
	ADDQ    BX, AX
	VADDPS  0(AX), Y0, Y0
	VADDPS  32(AX), Y1, Y1
	INCQ    DX
	CMPQ    DX, R9
	JB      sum16row

sum16store:
	VMOVUPS Y0, 0(DI)(BX*1)
	VMOVUPS Y1, 32(DI)(BX*1)
	ADDQ    $64, BX
	DECQ    R11
	JNZ     sum16block

sumDone:
	VZEROUPPER
	RET

// func addToRowsAVX2(m, src []float32, rows []uint16)
TEXT ·addToRowsAVX2(SB), NOSPLIT, $0-72
	MOVQ m_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVQ rows_base+48(FP), R8
	MOVQ rows_len+56(FP), R9
	MOVQ CX, R10
	SHLQ $2, R10
	XORQ BX, BX
	TESTQ R9, R9
	JZ   addDone
	MOVQ CX, R11
	SHRQ $6, R11
	JZ   add16

add64:
	VMOVUPS 0(SI)(BX*1), Y0
	VMOVUPS 32(SI)(BX*1), Y1
	VMOVUPS 64(SI)(BX*1), Y2
	VMOVUPS 96(SI)(BX*1), Y3
	VMOVUPS 128(SI)(BX*1), Y4
	VMOVUPS 160(SI)(BX*1), Y5
	VMOVUPS 192(SI)(BX*1), Y6
	VMOVUPS 224(SI)(BX*1), Y7
	XORQ    DX, DX

add64row:
	MOVWQZX (R8)(DX*2), AX
	IMULQ   R10, AX
	ADDQ    DI, AX
	ADDQ    BX, AX
	VADDPS  0(AX), Y0, Y8
	VADDPS  32(AX), Y1, Y9
	VADDPS  64(AX), Y2, Y10
	VADDPS  96(AX), Y3, Y11
	VADDPS  128(AX), Y4, Y12
	VADDPS  160(AX), Y5, Y13
	VADDPS  192(AX), Y6, Y14
	VADDPS  224(AX), Y7, Y15
	VMOVUPS Y8, 0(AX)
	VMOVUPS Y9, 32(AX)
	VMOVUPS Y10, 64(AX)
	VMOVUPS Y11, 96(AX)
	VMOVUPS Y12, 128(AX)
	VMOVUPS Y13, 160(AX)
	VMOVUPS Y14, 192(AX)
	VMOVUPS Y15, 224(AX)
	INCQ    DX
	CMPQ    DX, R9
	JB      add64row
	ADDQ    $256, BX
	DECQ    R11
	JNZ     add64

add16:
	MOVQ CX, R11
	ANDQ $63, R11
	SHRQ $4, R11
	JZ   addDone

add16block:
	VMOVUPS 0(SI)(BX*1), Y0
	VMOVUPS 32(SI)(BX*1), Y1
	XORQ    DX, DX

add16row:
	MOVWQZX (R8)(DX*2), AX
	IMULQ   R10, AX
	ADDQ    DI, AX
	ADDQ    BX, AX
	VADDPS  0(AX), Y0, Y8
	VADDPS  32(AX), Y1, Y9
	VMOVUPS Y8, 0(AX)
	VMOVUPS Y9, 32(AX)
	INCQ    DX
	CMPQ    DX, R9
	JB      add16row
	ADDQ    $64, BX
	DECQ    R11
	JNZ     add16block

addDone:
	VZEROUPPER
	RET

// ones is eight float32 1.0s, the top of CReLU's range.
DATA ones<>+0(SB)/8, $0x3f8000003f800000
DATA ones<>+8(SB)/8, $0x3f8000003f800000
DATA ones<>+16(SB)/8, $0x3f8000003f800000
DATA ones<>+24(SB)/8, $0x3f8000003f800000
GLOBL ones<>(SB), RODATA|NOPTR, $32

// func outputDotAVX2(acc, v []float32) float32
TEXT ·outputDotAVX2(SB), NOSPLIT, $0-52
	MOVQ   acc_base+0(FP), SI
	MOVQ   acc_len+8(FP), CX
	MOVQ   v_base+24(FP), DI
	VXORPS Y0, Y0, Y0          // the eight lanes' sums
	VXORPS Y1, Y1, Y1          // 0
	VMOVUPS ones<>(SB), Y2     // 1
	SHRQ   $3, CX
	JZ     dotSum

dotLoop:
	VMOVUPS (SI), Y3
	VMAXPS  Y1, Y3, Y3
	VMINPS  Y2, Y3, Y3
	VMULPS  (DI), Y3, Y3
	VADDPS  Y3, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     dotLoop

dotSum:
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0    // lanes 4-7 onto 0-3
	VMOVHLPS     X0, X0, X1
	VADDPS       X1, X0, X0    // lanes 2, 3 onto 0, 1
	VMOVSHDUP    X0, X1
	VADDSS       X1, X0, X0    // lane 1 onto lane 0
	VMOVSS       X0, ret+48(FP)
	VZEROUPPER
	RET

// func outputGradAVX2(acc, v, gv, dacc []float32, dy float32)
TEXT ·outputGradAVX2(SB), NOSPLIT, $0-100
	MOVQ         acc_base+0(FP), SI
	MOVQ         acc_len+8(FP), CX
	MOVQ         v_base+24(FP), DI
	MOVQ         gv_base+48(FP), R8
	MOVQ         dacc_base+72(FP), R9
	VBROADCASTSS dy+96(FP), Y4
	VXORPS       Y1, Y1, Y1    // 0
	VMOVUPS      ones<>(SB), Y2 // 1
	SHRQ         $3, CX
	JZ           gradDone

gradLoop:
	VMOVUPS (SI), Y3           // acc
	VCMPPS  $1, Y3, Y1, Y5     // 0 < acc
	VCMPPS  $1, Y2, Y3, Y6     // acc < 1
	VANDPS  Y5, Y6, Y5
	VMULPS  (DI), Y4, Y7       // dy·v
	VANDPS  Y5, Y7, Y7
	VMOVUPS Y7, (R9)
	VMAXPS  Y1, Y3, Y3
	VMINPS  Y2, Y3, Y3         // clamp(acc, 0, 1)
	VMULPS  Y4, Y3, Y3
	VADDPS  (R8), Y3, Y3
	VMOVUPS Y3, (R8)
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     gradLoop

gradDone:
	VZEROUPPER
	RET
