package testcomp

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/ir"
)

// The DOCTYPE lines of the format's two DTDs (test-format 1.1).
const (
	metadataDoctype = `<!DOCTYPE test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd">`
	testcaseDoctype = `<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd">`
	xmlHeader       = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` + "\n"
)

// Metadata is metadata.xml. The element order is the DTD's sequence.
type Metadata struct {
	XMLName        xml.Name `xml:"test-metadata"`
	SourceCodeLang string   `xml:"sourcecodelang"`
	Producer       string   `xml:"producer"`
	Specification  string   `xml:"specification"`
	ProgramFile    string   `xml:"programfile"`
	ProgramHash    string   `xml:"programhash"`
	EntryFunction  string   `xml:"entryfunction"`
	Architecture   string   `xml:"architecture"`
	CreationTime   string   `xml:"creationtime"`
}

// NewMetadata describes a suite for the program (its path and content).
func NewMetadata(program string, src []byte, prop Property, dm ir.DataModel, now time.Time) Metadata {
	h := sha256.Sum256(src)
	return Metadata{SourceCodeLang: "C", Producer: "inka", Specification: prop.Spec(),
		ProgramFile: program, ProgramHash: hex.EncodeToString(h[:]), EntryFunction: "main",
		Architecture: Architecture(dm), CreationTime: now.UTC().Format(time.RFC3339)}
}

// Input is one value of a test: what one nondet call returns.
type Input struct {
	Type  string `xml:"type,attr,omitempty" json:"type,omitempty"` // the T of __VERIFIER_nondet_T
	Value string `xml:",chardata" json:"value"`
}

// TestCase is one test: the values of the nondet calls in call order.
type TestCase struct {
	XMLName     xml.Name `xml:"testcase" json:"-"`
	CoversError bool     `xml:"coversError,attr,omitempty" json:"coversError,omitempty"`
	Inputs      []Input  `xml:"input" json:"inputs"`
	// Name is the file's name in the suite (not part of the XML).
	Name string `xml:"-" json:"name"`
}

// Suite is a test suite in the exchange format.
type Suite struct {
	Meta  Metadata
	Tests []TestCase
}

// files returns the suite's files by name: metadata.xml and test-N.xml.
func (s *Suite) files() (map[string][]byte, []string, error) {
	out := map[string][]byte{}
	var names []string
	add := func(name, doctype string, v any) error {
		body, err := xml.MarshalIndent(v, "", "  ")
		if err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
		out[name] = []byte(xmlHeader + doctype + "\n" + string(body) + "\n")
		names = append(names, name)
		return nil
	}
	if err := add("metadata.xml", metadataDoctype, s.Meta); err != nil {
		return nil, nil, err
	}
	for i, t := range s.Tests {
		if err := add(fmt.Sprintf("test-%d.xml", i), testcaseDoctype, t); err != nil {
			return nil, nil, err
		}
	}
	return out, names, nil
}

// WriteDir writes the suite into dir (made if needed).
func (s *Suite) WriteDir(dir string) error {
	files, names, err := s.files()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("writing the suite: %w", err)
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), files[n], 0o644); err != nil {
			return fmt.Errorf("writing the suite: %w", err)
		}
	}
	return nil
}

// WriteZip writes the suite as a zip file (the files under test-suite/,
// as the competition's archives have them).
func (s *Suite) WriteZip(path string) error {
	files, names, err := s.files()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create("test-suite/" + n)
		if err == nil {
			_, err = w.Write(files[n])
		}
		if err != nil {
			return fmt.Errorf("writing the zip: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("writing the zip: %w", err)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// ReadSuite reads a suite from a directory or a zip file: every .xml file
// whose root is a testcase, in the order of their names (test-2 before
// test-10), and metadata.xml when there is one.
func ReadSuite(path string) (*Suite, error) {
	files := map[string][]byte{}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading the suite: %w", err)
	}
	if st.IsDir() {
		err = filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".xml") {
				return err
			}
			data, err := os.ReadFile(p)
			files[p] = data
			return err
		})
	} else {
		err = readZip(path, files)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the suite %s: %w", path, err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return naturalLess(names[i], names[j]) })
	s := &Suite{}
	for _, n := range names {
		root, err := rootElement(files[n])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		switch root {
		case "testcase":
			var t TestCase
			if err := xml.Unmarshal(files[n], &t); err != nil {
				return nil, fmt.Errorf("%s: %w", n, err)
			}
			t.Name = filepath.Base(n)
			for i := range t.Inputs {
				t.Inputs[i].Value = strings.TrimSpace(t.Inputs[i].Value)
			}
			s.Tests = append(s.Tests, t)
		case "test-metadata":
			if err := xml.Unmarshal(files[n], &s.Meta); err != nil {
				return nil, fmt.Errorf("%s: %w", n, err)
			}
		}
	}
	return s, nil
}

func readZip(path string, files map[string][]byte) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || !strings.HasSuffix(f.Name, ".xml") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			return err
		}
		files[f.Name] = data
	}
	return nil
}

// rootElement returns the name of an XML document's root element.
func rootElement(data []byte) (string, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err != nil {
			return "", fmt.Errorf("no root element: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se.Name.Local, nil
		}
	}
}

// naturalLess orders names with their digit runs compared as numbers.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
