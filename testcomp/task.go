package testcomp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/inka-tool/inka/ir"
)

// Property is a test-generation property of the competition.
type Property int

// The properties.
const (
	CoverageError Property = iota
	CoverageBranches
)

// Name is the property's name, that of its .prp file.
func (p Property) Name() string {
	if p == CoverageError {
		return "coverage-error"
	}
	return "coverage-branches"
}

// Spec is the property's specification, as its .prp file and the
// suite's metadata write it.
func (p Property) Spec() string {
	if p == CoverageError {
		return "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )"
	}
	return "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )"
}

// ParseProperty reads a property given by name (coverage-error,
// coverage-branches), or as the path of its .prp file, whose content is
// the specification.
func ParseProperty(s string) (Property, error) {
	for _, p := range []Property{CoverageError, CoverageBranches} {
		if s == p.Name() {
			return p, nil
		}
	}
	if !strings.HasSuffix(s, ".prp") {
		return 0, fmt.Errorf("unknown property %q (want coverage-error, coverage-branches or a .prp file)", s)
	}
	data, err := os.ReadFile(s)
	if err != nil {
		return 0, fmt.Errorf("reading the property: %w", err)
	}
	return propertyOfSpec(string(data), s)
}

// propertyOfSpec recognizes a specification (spaces do not matter).
func propertyOfSpec(spec, where string) (Property, error) {
	norm := func(s string) string { return strings.Join(strings.Fields(s), "") }
	for _, p := range []Property{CoverageError, CoverageBranches} {
		if norm(spec) == norm(p.Spec()) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("%s: not a property inka generates tests for (coverage-error or coverage-branches): %s", where, strings.TrimSpace(spec))
}

// Architecture is the metadata's name of a data model.
func Architecture(dm ir.DataModel) string {
	if dm == ir.ILP32 {
		return "32bit"
	}
	return "64bit"
}

// Task is a verification task: a program and what is asked of it.
type Task struct {
	Program    string       // the C file, as a path usable from here
	Properties []Property   // the test properties the task file lists (others are ignored)
	DataModel  ir.DataModel // the task file's options.data_model (LP64 when it names none)
}

// taskFile is the YAML of a task definition, format version 2.0.
type taskFile struct {
	FormatVersion string    `yaml:"format_version"`
	InputFiles    yaml.Node `yaml:"input_files"`
	Properties    []struct {
		PropertyFile string `yaml:"property_file"`
	} `yaml:"properties"`
	Options struct {
		Language  string `yaml:"language"`
		DataModel string `yaml:"data_model"`
	} `yaml:"options"`
}

// LoadTask reads a task definition file. Paths in it are relative to
// its directory. A property file is recognized by its name
// (coverage-error.prp) or, when it exists, by its content.
func LoadTask(path string) (*Task, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the task: %w", err)
	}
	var tf taskFile
	if err := yaml.Unmarshal(data, &tf); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if tf.FormatVersion != "2.0" {
		return nil, fmt.Errorf("%s: format_version %q (inka reads 2.0)", path, tf.FormatVersion)
	}
	var files []string
	switch tf.InputFiles.Kind {
	case yaml.ScalarNode:
		files = []string{tf.InputFiles.Value}
	case yaml.SequenceNode:
		for _, n := range tf.InputFiles.Content {
			files = append(files, n.Value)
		}
	}
	if len(files) != 1 {
		return nil, fmt.Errorf("%s: input_files: want one C file, have %d", path, len(files))
	}
	if l := tf.Options.Language; l != "" && l != "C" {
		return nil, fmt.Errorf("%s: language %s (inka reads C)", path, l)
	}
	dir := filepath.Dir(path)
	t := &Task{Program: filepath.Join(dir, files[0]), DataModel: ir.LP64}
	if tf.Options.DataModel != "" {
		if t.DataModel, err = ir.ParseDataModel(tf.Options.DataModel); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	for _, p := range tf.Properties {
		name := strings.TrimSuffix(filepath.Base(p.PropertyFile), ".prp")
		if prop, err := ParseProperty(name); err == nil {
			t.Properties = append(t.Properties, prop)
			continue
		}
		if data, err := os.ReadFile(filepath.Join(dir, p.PropertyFile)); err == nil {
			if prop, err := propertyOfSpec(string(data), p.PropertyFile); err == nil {
				t.Properties = append(t.Properties, prop)
			}
		}
	}
	return t, nil
}
