package testcomp

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

func sampleSuite() *Suite {
	src := []byte("int main() { return 0; }\n")
	return &Suite{
		Meta: NewMetadata("p.c", src, CoverageError, ir.LP64, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)),
		Tests: []TestCase{
			{Inputs: []Input{{Type: "int", Value: "-5"}, {Type: "uchar", Value: "200"}}},
			{Inputs: []Input{{Type: "int", Value: "7"}}, CoversError: true},
		},
	}
}

func TestSuiteRoundTrip(t *testing.T) {
	s := sampleSuite()
	for i := 2; i < 12; i++ { // test-10 and test-11 must come after test-9
		s.Tests = append(s.Tests, TestCase{Inputs: []Input{{Type: "int", Value: strings.Repeat("1", i)}}})
	}
	dir := t.TempDir()
	require.NoError(t, s.WriteDir(filepath.Join(dir, "suite")))
	require.NoError(t, s.WriteZip(filepath.Join(dir, "suite.zip")))
	for _, p := range []string{filepath.Join(dir, "suite"), filepath.Join(dir, "suite.zip")} {
		got, err := ReadSuite(p)
		require.NoError(t, err, p)
		got.Meta.XMLName = s.Meta.XMLName
		require.Equal(t, s.Meta, got.Meta)
		require.Len(t, got.Tests, len(s.Tests))
		for i := range s.Tests {
			require.Equal(t, s.Tests[i].Inputs, got.Tests[i].Inputs, "test %d of %s", i, p)
			require.Equal(t, s.Tests[i].CoversError, got.Tests[i].CoversError)
		}
	}
	// The files are as the DTDs say: DOCTYPE, element order, the hash.
	meta, err := os.ReadFile(filepath.Join(dir, "suite", "metadata.xml"))
	require.NoError(t, err)
	h := sha256.Sum256([]byte("int main() { return 0; }\n"))
	order := []string{"<!DOCTYPE test-metadata PUBLIC", "<sourcecodelang>C<", "<producer>inka<",
		"<specification>COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )<",
		"<programfile>p.c<", "<programhash>" + hex.EncodeToString(h[:]) + "<", "<entryfunction>main<",
		"<architecture>64bit<", "<creationtime>2026-01-02T03:04:05Z<"}
	at := 0
	for _, want := range order {
		i := strings.Index(string(meta[at:]), want)
		require.GreaterOrEqual(t, i, 0, "%q after byte %d of\n%s", want, at, meta)
		at += i
	}
	tc, err := os.ReadFile(filepath.Join(dir, "suite", "test-1.xml"))
	require.NoError(t, err)
	require.Contains(t, string(tc), `<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN"`)
	require.Contains(t, string(tc), `<testcase coversError="true">`)
	require.Contains(t, string(tc), `<input type="int">7</input>`)
}

// A suite written by another tool: other file names, no type attribute,
// spaces around values, hex, a suffix.
func TestReadForeignSuite(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	write("metadata.xml", `<?xml version="1.0"?><test-metadata><producer>other</producer><programfile>x.c</programfile></test-metadata>`)
	write("testcase-2.xml", `<?xml version="1.0"?><!DOCTYPE testcase SYSTEM "testcase.dtd"><testcase><input> 0x10 </input><input>3U</input></testcase>`)
	write("testcase-10.xml", `<testcase coversError="false"><input variable="x">-1</input></testcase>`)
	write("notes.txt", "not a test")
	s, err := ReadSuite(dir)
	require.NoError(t, err)
	require.Equal(t, "other", s.Meta.Producer)
	require.Len(t, s.Tests, 2)
	require.Equal(t, []Input{{Value: "0x10"}, {Value: "3U"}}, s.Tests[0].Inputs)
	require.Equal(t, "testcase-10.xml", s.Tests[1].Name)
	for _, tc := range s.Tests {
		require.NoError(t, checkInputs(tc))
	}
	require.Error(t, checkInputs(TestCase{Name: "t", Inputs: []Input{{Value: "abc"}}}))
}

func TestNaturalLess(t *testing.T) {
	require.True(t, naturalLess("test-2.xml", "test-10.xml"))
	require.False(t, naturalLess("test-10.xml", "test-2.xml"))
	require.True(t, naturalLess("a/test-1.xml", "b/test-0.xml"))
	require.True(t, naturalLess("metadata.xml", "test-0.xml"))
}

func TestFormatValue(t *testing.T) {
	require.Equal(t, "-1", formatValue(ir.IntType, 0xffffffff))
	require.Equal(t, "4294967295", formatValue(ir.UIntType, 0xffffffff))
	require.Equal(t, "-128", formatValue(ir.CharType, 0x80)) // char is signed (x86-64)
	require.Equal(t, "255", formatValue(ir.UCharType, 0xff))
	require.Equal(t, "-9223372036854775808", formatValue(ir.LongType, 1<<63))
	require.Equal(t, "18446744073709551615", formatValue(ir.ULongType, ^uint64(0)))
	require.Equal(t, "0x1.8p+1", formatValue(ir.DoubleType, 0x4008000000000000))
	require.Equal(t, "-0x1.99999ap-4", formatValue(ir.FloatType, 0xbdcccccd))
}
