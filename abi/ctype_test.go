package abi

import (
	"testing"
)

func TestParseTypeRoundTrip(t *testing.T) {
	for _, s := range []string{
		"long", "unsigned long long", "long double", "__float128", "unsigned __int128", "void*", "char**",
		"enum", "enum-", "int[3]", "struct{int,double}", "union{char,float[2]}",
		"struct pack(2){char,short}", "struct{alignas(16) float,int:3,~long:0,_Bool:1}",
		"struct{struct{int}[1],union{long double,char}*}",
	} {
		ty, err := ParseType(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := ty.String(); got != s {
			t.Errorf("ParseType(%q).String() = %q", s, got)
		}
	}
	for _, bad := range []string{"", "struct{}", "void", "int[", "struct{~int}", "long banana"} {
		if _, err := ParseType(bad); err == nil {
			t.Errorf("ParseType(%q) accepted", bad)
		}
	}
}

// The layouts below were checked against gcc 12 and clang 14 (tcc 0.9.27
// agrees but for the alignment of struct{int,~long:64}, 8)
// (sizeof, offsetof, and the bytes a bit-field sets).
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		typ         string
		size, align int
		offsets     []int // bits
	}{
		{"struct{char,unsigned:13,unsigned long long:33,short:7}", 8, 8, []int{0, 8, 21, 54}},
		{"struct{unsigned:3,~int:0,signed:5,long long:40}", 16, 8, []int{0, 32, 32, 64}},
		{"struct{unsigned char:1,unsigned char:7,unsigned char:1}", 2, 1, []int{0, 1, 8}},
		{"struct{long long:33,int:31,char}", 16, 8, []int{0, 33, 64}},
		{"struct pack(1){char,int}", 5, 1, []int{0, 8}},
		{"struct pack(2){double,char,char[3]}", 12, 2, []int{0, 64, 72}},
		{"struct{char,alignas(16) int}", 32, 16, []int{0, 128}},
		{"struct{int,~long:64}", 16, 4, []int{0, 64}}, // unnamed bit-fields do not align the struct
		{"union{long double,char[17]}", 32, 16, []int{0, 0}},
		{"struct{long double,long}", 32, 16, []int{0, 128}},
		{"int[3]", 12, 4, nil},
	} {
		l := MustParseType(c.typ).Layout()
		if l.Size != c.size || l.Align != c.align || !equalInts(l.Offsets, c.offsets) {
			t.Errorf("%s: size %d align %d offsets %v, want %d %d %v", c.typ, l.Size, l.Align, l.Offsets, c.size, c.align, c.offsets)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Classifications from the psABI's rules, worked by hand.
func TestClassify(t *testing.T) {
	for _, c := range []struct{ typ, want string }{
		{"long", "INTEGER"},
		{"double", "SSE"},
		{"long double", "X87,X87UP"},
		{"__float128", "SSE,SSEUP"},
		{"__int128", "INTEGER,INTEGER"},
		{"struct{long,double}", "INTEGER,SSE"},
		{"struct{int,float,float}", "INTEGER,SSE"},    // int and float share the first eightbyte: INTEGER wins
		{"struct{float,float,float}", "SSE,SSE"},      // 12 bytes
		{"struct{double,char}", "SSE,INTEGER"},        // padding does not change the class
		{"struct{long double}", "X87,X87UP"},          // returned in st0, passed in memory
		{"union{long double,int}", "MEMORY"},          // X87 merged with INTEGER
		{"union{__float128,char}", "INTEGER,SSE"},     // SSEUP not after SSE becomes SSE
		{"struct{char[17]}", "MEMORY"},                // over 16 bytes
		{"struct pack(1){char,int}", "MEMORY"},        // a misaligned field
		{"struct pack(2){char,short}", "INTEGER"},     // packed, but aligned
		{"struct{alignas(16) float}", "SSE,NO_CLASS"}, // the second eightbyte is padding
		{"struct{int,~long:64}", "INTEGER,INTEGER"},   // an unnamed bit-field is storage (gcc)
		{"struct{float,~int:0}", "SSE"},               // a zero-width one is not
		{"union{float,int}", "INTEGER"},
		// A member aggregate is classified first: the struct is INTEGER,
		// and X87 meets INTEGER (INTEGER), not the float (MEMORY).
		{"union{long double,struct{float,long long:8,char:1}[2],double,double*}", "INTEGER,INTEGER"},
		{"union{long double,float,int}", "MEMORY"}, // direct members meet in order
		{"struct{struct{long double}}", "X87,X87UP"},
		{"struct{unsigned long long:40,long:50}", "INTEGER,INTEGER"},
	} {
		if got := Classify(MustParseType(c.typ)).String(); got != c.want {
			t.Errorf("Classify(%s) = %s, want %s", c.typ, got, c.want)
		}
	}
}
