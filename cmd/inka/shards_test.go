package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/inka-tool/inka/report"
)

// TestMain lets the test binary be inka itself (INKA_TEST_MAIN=1): the
// shell commands of the examples run it as `inka`.
func TestMain(m *testing.M) {
	if os.Getenv("INKA_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// shardProject writes a small project with its compilation database
// under dir/src (the sources a CI checkout or a pod's image holds).
func shardProject(t *testing.T, dir string) {
	write(t, dir, map[string]string{
		"src/include/cfg.h": "#define MAX_LEN 32\n",
		"src/lib/frame.c": `#include "cfg.h"
int frame_len(int hdr, int body)
{
    if (hdr < 2 || body < 0)
        return -1;
    if (hdr + body > MAX_LEN)
        return -2;
    return hdr + body;
}
int frame_kind(unsigned char b)
{
    switch (b >> 6) {
    case 0: return 1;
    case 3: return b & 1 ? 2 : 3;
    default: return 0;
    }
}
`,
		"src/lib/crc.c": `int crc_step(unsigned crc, unsigned char b)
{
    crc ^= b;
    if (crc & 1)
        return (crc >> 1) ^ 0xA001;
    return crc >> 1;
}
int crc_ok(unsigned crc)
{
    return crc == 0x1234;
}
`,
		"src/app/main_loop.c": `int tick(int *state, int ev)
{
    if (*state == 0 && ev > 3)
        *state = 1;
    else if (*state == 1 && ev < 0)
        *state = 2;
    return *state;
}
`,
	})
	db := `[
 {"directory": "` + dir + `/src", "file": "lib/frame.c", "command": "cc -Iinclude -c lib/frame.c"},
 {"directory": "` + dir + `/src", "file": "lib/crc.c", "command": "cc -c lib/crc.c"},
 {"directory": "` + dir + `/src", "file": "app/main_loop.c", "command": "cc -c app/main_loop.c"}
]`
	write(t, dir, map[string]string{"src/build/compile_commands.json": db})
}

// inkaOnPath puts an `inka` on PATH that is this test binary.
func inkaOnPath(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	bin := t.TempDir()
	script := "#!/bin/sh\nINKA_TEST_MAIN=1 exec '" + exe + "' \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "inka"), []byte(script), 0o755))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// sh runs a shell command in dir with env added.
func sh(t *testing.T, dir, cmd string, env ...string) {
	t.Helper()
	c := exec.Command("sh", "-c", cmd)
	c.Dir = dir
	c.Env = append(os.Environ(), env...)
	var errb bytes.Buffer
	c.Stderr = &errb
	require.NoError(t, c.Run(), "%s\n%s", cmd, errb.String())
}

// wholeRun is the project object of one run over the whole project, from
// src, without what differs between runs.
func wholeRun(t *testing.T, src string) string {
	t.Chdir(src)
	p, stderr, status := runProject(t, "cover", "-p", "build")
	require.Equal(t, exitOK, status, stderr)
	return stableProject(t, p)
}

func stableProject(t *testing.T, p *report.Project) string {
	p.Run = nil
	p.Stats.TimeMS = 0
	for _, f := range p.Files {
		f.Stats.TimeMS = 0
	}
	b, err := json.MarshalIndent(p, "", " ")
	require.NoError(t, err)
	return string(b)
}

func readMerged(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var p report.Project
	require.NoError(t, json.Unmarshal(b, &p))
	return stableProject(t, &p)
}

// The examples of docs/projects run as written: the shards of the CI
// matrix and of the Kubernetes Indexed Job (their commands, with the
// job's index and volumes), then the merge; the merged result is the
// whole run's.
func TestShardExamples(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	docs, err := filepath.Abs("../../docs/projects")
	require.NoError(t, err)
	inkaOnPath(t)
	t.Run("github-actions", func(t *testing.T) {
		dir := t.TempDir()
		shardProject(t, dir)
		src := filepath.Join(dir, "src")
		var wf struct {
			Jobs map[string]struct {
				Strategy struct {
					Matrix struct {
						Shard []int `yaml:"shard"`
					} `yaml:"matrix"`
				} `yaml:"strategy"`
				Steps []struct {
					Run string `yaml:"run"`
				} `yaml:"steps"`
			} `yaml:"jobs"`
		}
		b, err := os.ReadFile(filepath.Join(docs, "github-actions.yml"))
		require.NoError(t, err)
		require.NoError(t, yaml.Unmarshal(b, &wf))
		// the steps that run inka (the others install it, build, move artifacts)
		steps := func(job string) []string {
			var out []string
			for _, s := range wf.Jobs[job].Steps {
				if strings.HasPrefix(s.Run, "inka ") {
					out = append(out, s.Run)
				}
			}
			return out
		}
		shards := wf.Jobs["shard"].Strategy.Matrix.Shard
		require.Len(t, shards, 4)
		require.Len(t, steps("shard"), 1)
		for _, i := range shards {
			cmd := strings.ReplaceAll(steps("shard")[0], "${{ matrix.shard }}", string(rune('0'+i)))
			sh(t, src, cmd)
		}
		require.Len(t, steps("merge"), 1)
		sh(t, src, steps("merge")[0])
		assert.Equal(t, wholeRun(t, src), readMerged(t, filepath.Join(src, "inka.json")))
	})
	t.Run("kubernetes", func(t *testing.T) {
		dir := t.TempDir()
		shardProject(t, dir)
		src := filepath.Join(dir, "src")
		type container struct {
			WorkingDir string   `yaml:"workingDir"`
			Command    []string `yaml:"command"`
			Env        []struct {
				Name, Value string
			} `yaml:"env"`
			VolumeMounts []struct {
				Name      string `yaml:"name"`
				MountPath string `yaml:"mountPath"`
			} `yaml:"volumeMounts"`
		}
		type job struct {
			Spec struct {
				CompletionMode string `yaml:"completionMode"`
				Completions    int    `yaml:"completions"`
				Template       struct {
					Spec struct {
						Containers []container `yaml:"containers"`
					} `yaml:"spec"`
				} `yaml:"template"`
			} `yaml:"spec"`
		}
		f, err := os.Open(filepath.Join(docs, "k8s-indexed-job.yaml"))
		require.NoError(t, err)
		defer f.Close()
		dec := yaml.NewDecoder(f)
		var jobs []job
		for {
			var j job
			if dec.Decode(&j) != nil {
				break
			}
			jobs = append(jobs, j)
		}
		require.Len(t, jobs, 2)
		require.Equal(t, "Indexed", jobs[0].Spec.CompletionMode)
		// the volumes: one directory each, shared by every pod
		vols := map[string]string{}
		// runPod runs a container's command as its pod would, the mount
		// paths (and the working directory, the image's sources) replaced
		// by the test's directories
		runPod := func(c container, env ...string) {
			require.Len(t, c.Command, 3)
			require.Equal(t, []string{"sh", "-c"}, c.Command[:2])
			cmd := c.Command[2]
			for _, m := range c.VolumeMounts {
				if vols[m.Name] == "" {
					vols[m.Name] = filepath.Join(dir, "vol-"+m.Name)
					require.NoError(t, os.MkdirAll(vols[m.Name], 0o755))
				}
				cmd = strings.ReplaceAll(cmd, m.MountPath, vols[m.Name])
				for _, e := range c.Env {
					if e.Value == m.MountPath {
						env = append(env, e.Name+"="+vols[m.Name])
					}
				}
			}
			require.Equal(t, "/src", c.WorkingDir)
			sh(t, src, cmd, env...)
		}
		shardPod := jobs[0].Spec.Template.Spec.Containers[0]
		for i := 0; i < jobs[0].Spec.Completions; i++ {
			runPod(shardPod, "JOB_COMPLETION_INDEX="+string(rune('0'+i)))
		}
		entries, _ := filepath.Glob(filepath.Join(vols["cache"], "*", "*.json"))
		assert.NotEmpty(t, entries, "the pods share the cache volume")
		runPod(jobs[1].Spec.Template.Spec.Containers[0])
		assert.Equal(t, wholeRun(t, src), readMerged(t, filepath.Join(vols["results"], "inka.json")))
	})
}
