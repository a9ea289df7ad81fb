// Package ssa builds the Pointer-SSA form (PSSA) of Gotlieb, Denmat and
// Botella ("Goal-oriented test data generation for pointer programs",
// section 4.5): static single assignment of every memory cell, where a
// read through a pointer is a φu and a write through a pointer a φd over
// the cells the pointer may point to. The constraint model (package
// model) translates each PSSA statement into constraints; after this form,
// `*` and `&` are gone from the program "without any loss of semantics".
//
// # Cells and addresses
//
// Every object the points-to analysis knows (a variable, a temporary, the
// fresh object behind a pointer input) is split into cells, one per scalar
// leaf of its type (ir.Type.Leaves): an int variable is one cell, `int
// a[3]` three, a struct one per scalar member. Addresses are bytes: the
// objects are laid out one after the other, each at an address aligned to
// 16 with a gap after it, so that 0 is NULL and one past the end of an
// object is no cell; each cell lies at its leaf's byte offset in its
// object. A pointer value is an address: p = &a is the constant address
// of a's first byte. Address arithmetic is C's: p + i on a T* adds
// i*sizeof(T), &p->f adds the offset of f. Arrays are thus handled as
// φu/φd over their elements, the paper's access/update read as a
// relation.
//
// Memory is bytes where C says so (memory.go): an access that is not one
// whole cell of its type at some address the pointer may hold (an int
// read through an unsigned char *, a union read as another member, a
// struct copied byte by byte) is a φu or φd with Bytes, whose operands are
// the integer cells that hold the bytes it reads or writes; the model
// joins and splits their values little-endian. An object such an access
// reaches also has a cell per byte no leaf covers (padding). The bytes of
// a pointer are never read or written as anything but that pointer: such
// an access is a cut.
//
// # Versions and φ
//
// Each cell is renamed at every definition: a_1, a_2, ... Version 0 (a_0)
// is the value at the function's entry: an input (a parameter, a global
// that is an input, a cell of an input object), a global's initializer, or
// indeterminate for a local. At the join of an if, a φ takes, for every
// cell defined differently in the two branches and read afterwards, the
// version at the end of the then branch and the one at the end of the else
// branch; the paper writes them as one vector φ,
//
//	[j_3, p_3] = φ([j_2, p_1], [j_1, p_2])
//
// At the head of a loop, a φ takes the version before the loop and the one
// at the end of the body (the w combinator of the model unfolds it one
// iteration at a time).
//
// # φu and φd: Figure 8
//
// Figure 8 of the paper builds the PSSA of the statements that dereference
// a pointer from the points-to set of the pointer at that statement,
// from(q, PTO_S), the cells q may point to:
//
//	p = *q    p↑ = φu(q↓, [&a1 … &an], [a1↓ … an↓])
//	*p = q    [a1↑ … an↑] = φd(p↓, [&a1 … &an], q↓, [a1↓ … an↓])
//
// where ↓ is the current version of a cell and ↑ a fresh one. φu returns
// vi when its pointer is &ai; φd gives the cell ai the value stored when
// the pointer is &ai and keeps the others. The addresses are distinct
// constants; a pointer equal to none of them (NULL, a dangling or an
// out-of-bounds pointer, a cell of another type) makes the combinators
// fail: that path is infeasible, which is how the model excludes the
// undefined behaviour of an invalid dereference. A φd also fails on the
// address of a read-only cell (Cell.ReadOnly), unless it is the store of
// the cell's own initialization.
//
// # A worked example: Figure 2
//
// testdata/paper/foo.c is the program of Figure 2 of the paper:
//
//	j = 0; k = 0; p = &j;
//	if (i < 6) j = 2; else p = &k;
//	r = *p;
//	*p = r * i;
//	if (j > 8) return 1;
//	return 0;
//
// After statement 6 the points-to analysis says p may point to j or to k,
// so statement 7 reads both cells through a φu, and statement 8 writes both
// through a φd. `inka pssa testdata/paper/foo.c --func foo` prints (the
// golden file ssa/testdata/foo.pssa, checked by hand against the figure;
// the IR each line comes from on the right):
//
//	pssa foo
//	addresses: &j = 32, &k = 48
//	  j_1 = 0                                          | j = 0  (line 10)
//	  k_1 = 0                                          | k = 0  (line 11)
//	  p_1 = &j                                         | p = &j  (line 12)
//	  t1_1 = i_0 < 6                                   | t1 = i < 6  (line 13)
//	  if (t1_1) {                                      | if t1  [d0 true/false]  (line 13)
//	    j_2 = 2                                        | j = 2  (line 14)
//	  } else {
//	    p_2 = &k                                       | p = &k  (line 16)
//	  }
//	  [j_3, p_3] = φ([j_2, p_1], [j_1, p_2])
//	  r_1 = φu(p_3, [&j, &k], [j_3, k_1])              | r = *p  (line 17)
//	  t2_1 = r_1 * i_0                                 | t2 = r * i  (line 18)
//	  [j_4, k_2] = φd(p_3, [&j, &k], t2_1, [j_3, k_1]) | *p = t2  (line 18)
//	  t3_1 = j_4 > 8                                   | t3 = j > 8  (line 19)
//	  if (t3_1) {                                      | if t3  [d1 true/false]  (line 19)
//	    result_1 = 1                                   | result = 1  (line 20)
//	  } else {
//	    result_2 = 0                                   | result = 0  (line 21)
//	  }
//	  [result_3] = φ([result_1], [result_2])
//	  return result_3                                  | return result  (line 22)
//
// Read as constraints: j_3 is 2 or 0 and p_3 is &j or &k depending on
// i < 6; r_1 is j_3 if p_3 = &j (address 32), k_1 if p_3 = &k (address 48);
// j_4 is r_1 * i if p_3 = &j, else j_3. To reach `return 1` the model needs
// j_4 > 8, so p_3 = &j, so i < 6, so j_3 = 2 and j_4 = 2i > 8: i = 5.
// The one-cell variables (i, the temporaries) have addresses too, but only
// those that appear in a φu, a φd or an address constant are listed.
//
// # Statements
//
//	PSSA          meaning                                 from IR
//	Op            x = op(y, z)                            Copy Unary Binary Conv
//	Addr          p = &cell (a constant address)          AddrOf
//	Offset        p = q + k (k a constant)                FieldAddr, PtrAdd by a constant
//	Index         p = q + i*s                             PtrAdd
//	PhiU          x = φu(p, addrs, cells)                 Load (Bytes: joined from the cells' bytes)
//	PhiD          cells' = φd(p, addrs, v, cells)         Store (Bytes: v's bytes put into the cells)
//	Stub          x = f#k(args) (an input of the test)    Call of an extern
//	Check         assert(c)                               Assert
//	Truncated     x = f(args), not inlined                Call of a function at the inlining bound
//	Cut           x = cut "why" (the path ends here)      Unsupported; a Load or Store that names no cell
//	If            ite: Then, Else, φ at the join          If
//	While         w: φ at the head, Pre, Cond, Body       While
//	Return        return v                                Return
//
// A load or store of a whole struct is one φu or φd per leaf (PhiU.Off,
// PhiD.Off: the leaf's byte offset from the pointer). Only the cells read after
// a join get a φ there (a liveness pass, live.go), so that the model does
// not carry dead versions through every branch.
//
// # Invariants
//
// SanityCheck verifies what the model relies on: cells laid out as above,
// every version defined once, every use dominated by its definition, φ,
// φu and φd operands that are versions of the cells they name, and the
// cells of a φu or φd among those of the objects the points-to analysis
// gives for the pointer. The tests run it on every function of testdata
// (sanity_test.go) and after every build in testgen's tests; `inka cover
// --check` runs it too.
package ssa
