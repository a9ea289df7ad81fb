// Package project runs inka over a whole C code base: many files, each
// built with its own flags, thousands of functions, runs repeated after
// every change. It owns the orchestration, not the analysis: the caller
// (cmd/inka) hands it a function that analyses one function of a parsed
// file (Options.Analyse), and project decides which functions to analyse,
// in what order, on how many cores, and which answers it can take from
// the cache instead.
//
// # Input
//
// A project is a list of Sources, each a C file with its front-end
// options. Collect makes it from what a user types:
//
//   - files and directories (every *.c below a directory, recursively);
//   - a compilation database, compile_commands.json (the clang tooling
//     convention that CMake, Meson and Bear write): one entry per
//     translation unit with its directory and its compiler command, whose
//     -I, -isystem, -iquote, -D, -std= and -include flags become that
//     file's options (the other flags do not change what inka reads);
//   - exclusion globs: a pattern without a slash is matched against each
//     element of a path (`vendor`, `*_test.c`), one with a slash against
//     each run of consecutive elements (`src/gen`, `gen/*.c`).
//
// The files are sorted by path and each is listed once, so that a
// project is the same list whatever order the arguments or the database
// give them in. Within a file the functions are taken in source order,
// filtered by name globs (Options.Funcs, `parse_*`).
//
// # Determinism
//
// The unit of work is one function. Results are stored by (file,
// function) position and assembled in that order once every job is done,
// so that the output is the same for any number of jobs: only the
// run-specific fields (report.RunInfo: wall time, memory, cache hits)
// differ. A file that fails to parse becomes a report.Run with its Error
// ("file:line:col: message") and the others proceed.
//
// # Bounded memory
//
// A parsed file (its syntax tree, with the system headers it includes)
// is by far the largest object of a run. At most Jobs+1 files are loaded
// at once: a file is parsed when a slot is free and dropped as soon as its
// last function is done, so that memory grows with -j, not with the size
// of the project. The per-function results kept until the end are the
// small inka/v1 values of package report.
//
// # Cache
//
// A Cache (cache.go) maps a key to a function's inka/v1 result, one file
// per entry under the user cache directory. The key hashes what
// determines the answer and nothing else: frontend.Unit.Digest (the
// preprocessed text of the function and of everything it may inline,
// and the file's declarations, with positions), the options of the run
// (Options.Key) and inka's version (Options.Version). Editing one
// function of one file thus re-analyses that function and its callers;
// the rest of the project is read back. A file whose inputs (itself and
// every header its parse looked up) are unchanged is not even parsed: its
// manifest (manifest.go) gives its functions' keys. Entries are written
// atomically (so several processes, the pods of a Kubernetes Job, can
// share one cache directory) and evicted least recently used above a
// size limit.
//
// # Shards
//
// A Shard I/N takes the functions whose hash of file and name is I-1
// modulo N: every shard reads the same project and takes a fixed part
// of it, with no coordination, whatever machine runs it, and adding a
// function moves no other. Merge combines the report.Project objects of
// the shards into the object the whole run prints.
package project
