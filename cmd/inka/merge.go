package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/inka-tool/inka/project"
	"github.com/inka-tool/inka/report"
)

const mergeUsage = "inka merge RESULT.json... [--format text|json] [--cache DIR... [--cache-dir DST]]   combine the results (and the caches) of the shards of a project"

func init() { register("merge", mergeUsage, runMerge) }

// runMerge implements `inka merge`: the inka/v1 results of the shards of
// a project (or of one-file runs) combined into the object one run over
// all of them prints (package project, Merge); with --cache, the
// entries of the shards' caches copied into one. The status is 2 when a
// shard is missing or a file or function was skipped, as for the run.
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output format: text or json")
	var caches multiFlag
	fs.Var(&caches, "cache", "also copy the entries of the cache `DIR` (repeatable) into --cache-dir")
	dst := fs.String("cache-dir", "", "the cache the entries of --cache go to (default: $INKA_CACHE_DIR, else the user cache directory's inka)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: "+mergeUsage)
		fs.PrintDefaults()
	}
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "inka merge: unknown format %q (want text or json)\n", *format)
		return exitUsage
	}
	if len(pos) == 0 && len(caches) == 0 {
		fs.Usage()
		return exitUsage
	}
	if len(caches) > 0 {
		if s := mergeCaches(*dst, caches, stderr); s != exitOK {
			return s
		}
	}
	if len(pos) == 0 {
		return exitOK
	}
	var ps []*report.Project
	for _, file := range pos {
		p, err := readProject(file)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
		ps = append(ps, p)
	}
	merged, warnings, err := project.Merge(ps)
	if err != nil {
		fmt.Fprintln(stderr, "inka "+err.Error())
		return exitUsage
	}
	for _, w := range append(warnings, project.Messages(merged)...) {
		fmt.Fprintln(stderr, w)
	}
	if *format == "json" {
		err = report.WriteProjectJSON(stdout, merged)
	} else {
		report.WriteProjectText(stdout, merged)
	}
	if err != nil {
		fmt.Fprintf(stderr, "inka: %v\n", err)
		return exitInternal
	}
	if len(warnings) > 0 || merged.Summary.FilesFailed > 0 || merged.Summary.FunctionsSkipped > 0 {
		return exitUsage
	}
	return exitOK
}

// mergeCaches copies the entries of the caches srcs into dst.
func mergeCaches(dst string, srcs []string, stderr io.Writer) int {
	dst, err := project.CacheDir(dst)
	if err != nil {
		fmt.Fprintln(stderr, "inka merge: "+err.Error())
		return exitUsage
	}
	c, err := project.OpenCache(dst, project.DefaultCacheLimit)
	if err != nil {
		fmt.Fprintln(stderr, "inka merge: "+err.Error())
		return exitUsage
	}
	if _, err := project.MergeCaches(c, srcs...); err != nil {
		fmt.Fprintln(stderr, "inka merge: "+err.Error())
		return exitUsage
	}
	return exitOK
}

// readProject reads an inka/v1 result: a project's object, or a one-file
// run's (made a project of that file).
func readProject(path string) (*report.Project, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("inka merge: %w", err)
	}
	var probe struct {
		Schema string          `json:"schema"`
		Files  json.RawMessage `json:"files"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, fmt.Errorf("%s: invalid JSON: %v", jsonPos(path, b, err), err)
	}
	if probe.Schema != report.Schema {
		return nil, fmt.Errorf("%s: not an %s result (schema %q)", path, report.Schema, probe.Schema)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if probe.Files == nil {
		var run report.Run
		if err := dec.Decode(&run); err != nil {
			return nil, fmt.Errorf("%s: invalid JSON: %v", jsonPos(path, b, err), err)
		}
		return project.FromRun(&run), nil
	}
	var p report.Project
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: invalid JSON: %v", jsonPos(path, b, err), err)
	}
	return &p, nil
}
