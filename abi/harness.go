package abi

import (
	"fmt"
	"strings"
)

// The trampoline abi_tramp stands between a caller and its callee (the
// caller calls abi_tramp_N, a stub that loads the callee's address into
// r11, the test's expectations into abi_tflags, and jumps here). It pops
// the return address, so that the callee finds the caller's stack
// arguments exactly where the caller put them; saves the caller's
// callee-saved registers and fills them with canaries; saves the FPU
// state (fxsave: the x87 control word, the MXCSR, the x87 tag word);
// calls the callee; records in abi_clob which callee-saved registers,
// rsp or the direction flag the callee did not preserve, and whether rax
// is the hidden pointer of a MEMORY return; saves the FPU state again
// (abi_end compares the two: control words are callee-saved, the x87
// stack must be empty at the call and hold only the return value after
// it); restores the caller's registers and returns to it. It touches no
// argument register before the call (al, the vector-register count of a
// variadic call, included). Bit i of abi_clob is stateFlags[i].
const trampoline = `
	.text
	.globl abi_tramp
abi_tramp:
	popq abi_ret(%rip)
	movq %rbx, abi_save(%rip)
	movq %rbp, abi_save+8(%rip)
	movq %r12, abi_save+16(%rip)
	movq %r13, abi_save+24(%rip)
	movq %r14, abi_save+32(%rip)
	movq %r15, abi_save+40(%rip)
	movq %rdi, abi_rdi(%rip)
	movl $0, abi_clob(%rip)
	testq $15, %rsp
	jz 1f
	orl $0x1000, abi_clob(%rip)
1:	movq %rsp, abi_rsp(%rip)
	fxsave abi_fx(%rip)
	movabsq $0x5b1e0f1c2d3e4a01, %rbx
	movabsq $0x5b1e0f1c2d3e4a02, %rbp
	movabsq $0x5b1e0f1c2d3e4a03, %r12
	movabsq $0x5b1e0f1c2d3e4a04, %r13
	movabsq $0x5b1e0f1c2d3e4a05, %r14
	movabsq $0x5b1e0f1c2d3e4a06, %r15
	call *%r11
	fxsave abi_fx2(%rip)
	movabsq $0x5b1e0f1c2d3e4a01, %rcx
	cmpq %rcx, %rbx
	je 1f
	orl $0x1, abi_clob(%rip)
1:	movabsq $0x5b1e0f1c2d3e4a02, %rcx
	cmpq %rcx, %rbp
	je 1f
	orl $0x2, abi_clob(%rip)
1:	movabsq $0x5b1e0f1c2d3e4a03, %rcx
	cmpq %rcx, %r12
	je 1f
	orl $0x4, abi_clob(%rip)
1:	movabsq $0x5b1e0f1c2d3e4a04, %rcx
	cmpq %rcx, %r13
	je 1f
	orl $0x8, abi_clob(%rip)
1:	movabsq $0x5b1e0f1c2d3e4a05, %rcx
	cmpq %rcx, %r14
	je 1f
	orl $0x10, abi_clob(%rip)
1:	movabsq $0x5b1e0f1c2d3e4a06, %rcx
	cmpq %rcx, %r15
	je 1f
	orl $0x20, abi_clob(%rip)
1:	cmpq abi_rsp(%rip), %rsp
	je 1f
	orl $0x40, abi_clob(%rip)
1:	pushfq
	popq %rcx
	testl $0x400, %ecx
	jz 1f
	orl $0x80, abi_clob(%rip)
1:	testl $2, abi_tflags(%rip)
	jz 1f
	cmpq abi_rdi(%rip), %rax
	je 1f
	orl $0x800, abi_clob(%rip)
1:	movq abi_save(%rip), %rbx
	movq abi_save+8(%rip), %rbp
	movq abi_save+16(%rip), %r12
	movq abi_save+24(%rip), %r13
	movq abi_save+32(%rip), %r14
	movq abi_save+40(%rip), %r15
	pushq abi_ret(%rip)
	ret

	.data
	.p2align 4
	.globl abi_fx
	.globl abi_fx2
abi_fx:	.zero 512
abi_fx2:	.zero 512
abi_ret:	.quad 0
abi_save:	.zero 48
abi_rdi:	.quad 0
abi_rsp:	.quad 0
	.globl abi_clob
	.globl abi_tflags
abi_clob:	.long 0
abi_tflags:	.long 0
	.text
`

// harnessMain is the fixed part of harness.c.
const harnessMain = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>

extern unsigned abi_clob, abi_tflags;
extern unsigned char abi_fx[512], abi_fx2[512];

static int abi_checked[2];

void abi_check(int test, int side, const unsigned long long *got, int n)
{
	int i;
	abi_checked[side]++;
	if (n != abi_nwant[test][side])
		printf("COUNT %d %d %d\n", test, side, n);
	for (i = 0; i < n && i < abi_nwant[test][side]; i++)
		if (got[i] != abi_want[test][side][i])
			printf("FAIL %d %d %d %llx\n", test, side, i, got[i]);
}

/* The FPU state before and after the call (fxsave images): the x87
   control word (offset 0) and the MXCSR's control bits (offset 24) are
   callee-saved; the abridged x87 tag word (offset 4, a bit per register
   in use) must be empty at the call, and hold the return value alone
   after a long double return. */
static void fpu(void)
{
	unsigned short cw0, cw1;
	unsigned m0, m1, tags = abi_fx2[4], n = 0;
	memcpy(&cw0, abi_fx, 2);
	memcpy(&cw1, abi_fx2, 2);
	memcpy(&m0, abi_fx + 24, 4);
	memcpy(&m1, abi_fx2 + 24, 4);
	if ((m0 ^ m1) & 0xffc0)
		abi_clob |= 0x100;
	if (cw0 != cw1)
		abi_clob |= 0x200;
	for (; tags; tags >>= 1)
		n += tags & 1;
	if (n != (abi_tflags & 1))
		abi_clob |= 0x400;
	if (abi_fx[4])
		abi_clob |= 0x2000;
}

void abi_end(int test)
{
#ifndef ABI_DIRECT
	fpu();
#endif
	if (abi_clob) {
		printf("STATE %d %x\n", test, abi_clob);
		fflush(stdout);
	}
}

unsigned long long abi_firstbit(const void *p, unsigned long n)
{
	const unsigned char *b = p;
	unsigned long long first = ~0ULL, count = 0, i;
	for (i = 0; i < 8 * n; i++)
		if (b[i / 8] >> (i % 8) & 1) {
			if (first == ~0ULL)
				first = i;
			count++;
		}
	return first << 8 | count;
}

void abi_layout_caller(unsigned long long *o);
void abi_layout_callee(unsigned long long *o);

static void layout(void)
{
	static unsigned long long caller[ABI_NLAYOUT + 1], callee[ABI_NLAYOUT + 1];
	int k;
	abi_layout_caller(caller);
	abi_layout_callee(callee);
	for (k = 0; k < ABI_NLAYOUT; k++)
		if (caller[k] != abi_layout_model[k] || callee[k] != abi_layout_model[k])
			printf("LAYOUT %d %llu %llu %llu\n", k, caller[k], callee[k], abi_layout_model[k]);
}

static void run(int i)
{
	abi_tests[i]();
	if (abi_checked[0] != 1 || abi_checked[1] != 1)
		printf("COUNT %d checks %d %d\n", i, abi_checked[0], abi_checked[1]);
	printf("DONE %d\n", i);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int i;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1) { /* one test, in this process: ./t N (under a debugger) */
		run(atoi(argv[1]));
		return 0;
	}
	layout();
	fflush(stdout);
	for (i = 0; i < ABI_NTESTS; i++) {
		int st;
		pid_t pid = fork();
		if (pid == 0) {
			alarm(ABI_TIMEOUT);
			run(i);
			_exit(0);
		}
		if (pid < 0 || waitpid(pid, &st, 0) < 0) {
			printf("CRASH %d fork\n", i);
			continue;
		}
		if (WIFSIGNALED(st))
			printf("CRASH %d signal %d\n", i, WTERMSIG(st));
		else if (WEXITSTATUS(st) != 0)
			printf("CRASH %d exit %d\n", i, WEXITSTATUS(st));
		fflush(stdout);
	}
	printf("END\n");
	return 0;
}
`

// tflags are the expectations abi_tramp_N loads for test t: bit 0, the
// callee returns on the x87 stack; bit 1, it returns in memory (rax must
// be the hidden pointer).
func tflags(t *Test) int {
	f := 0
	if t.Sig.Ret != nil {
		switch cs := Classify(t.Sig.Ret); cs[0] {
		case X87:
			f |= 1
		case Memory:
			f |= 2
		}
	}
	return f
}

// harness writes harness.c: the stubs and the trampoline, the test table,
// the layout model, and main.
func (e *emitter) harness(tests []*Test, items []LayoutItem) []byte {
	var b strings.Builder
	b.WriteString("/* Generated by inka abi: the test harness (compiled by the host compiler). */\n")
	fmt.Fprintf(&b, "#define ABI_NTESTS %d\n#define ABI_NLAYOUT %d\n#define ABI_TIMEOUT 10\n", len(tests), len(items))
	for n := range tests {
		fmt.Fprintf(&b, "void abi_test_%d(void);\n", n)
	}
	b.WriteString("static void (*const abi_tests[])(void) = {\n")
	for n := range tests {
		fmt.Fprintf(&b, "\tabi_test_%d,\n", n)
	}
	b.WriteString("};\n")
	for n, t := range tests {
		for side := 0; side < 2; side++ {
			fmt.Fprintf(&b, "static const unsigned long long abi_w%d_%d[] = {", n, side)
			for _, it := range t.Checks(side) {
				fmt.Fprintf(&b, " 0x%xULL,", it.Want)
			}
			b.WriteString(" 0 };\n")
		}
	}
	b.WriteString("static const unsigned long long *const abi_want[][2] = {\n")
	for n := range tests {
		fmt.Fprintf(&b, "\t{ abi_w%d_0, abi_w%d_1 },\n", n, n)
	}
	b.WriteString("};\nstatic const int abi_nwant[][2] = {\n")
	for _, t := range tests {
		fmt.Fprintf(&b, "\t{ %d, %d },\n", len(t.Checks(0)), len(t.Checks(1)))
	}
	b.WriteString("};\nstatic const unsigned long long abi_layout_model[] = {\n")
	for _, it := range items {
		fmt.Fprintf(&b, "\t%dULL, /* %s */\n", it.Model, it.What)
	}
	b.WriteString("\t0\n};\n")
	if !e.direct {
		b.WriteString("__asm__(\n")
		for _, line := range strings.Split(trampoline, "\n") {
			fmt.Fprintf(&b, "\t%q\n", line+"\n")
		}
		for n, t := range tests {
			fmt.Fprintf(&b, "\t\"\\t.globl abi_tramp_%d\\nabi_tramp_%d:\\n\\tleaq abi_callee_%d(%%rip), %%r11\\n\\tmovl $%d, abi_tflags(%%rip)\\n\\tjmp abi_tramp\\n\"\n", n, n, n, tflags(t))
		}
		b.WriteString(");\n")
	} else {
		b.WriteString("#define ABI_DIRECT 1\nunsigned abi_clob, abi_tflags;\nunsigned char abi_fx[512], abi_fx2[512];\n")
	}
	b.WriteString(harnessMain)
	return []byte(b.String())
}
