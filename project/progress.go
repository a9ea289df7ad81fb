package project

import (
	"fmt"
	"time"

	"github.com/inka-tool/inka/report"
)

// progress counts what a run has done, for its status line.
type progress struct {
	start                        time.Time
	files, filesLoaded           int
	funcs, funcsDone             int
	covered, unreachable, unknwn int
}

// fileDone notes a file loaded with n functions to analyse.
func (r *runner) fileDone(n int) {
	r.mu.Lock()
	r.progress.filesLoaded++
	r.progress.funcs += n
	r.mu.Unlock()
}

// funcDone notes a function done (run nil: skipped).
func (r *runner) funcDone(run *report.Run) {
	var s report.Summary
	if run != nil {
		s.Count(run)
	}
	r.mu.Lock()
	p := &r.progress
	p.funcsDone++
	p.covered += s.Covered
	p.unreachable += s.Unreachable
	p.unknwn += s.Unknown
	r.mu.Unlock()
}

// line returns the status line: functions done of those known, goals by
// answer, time elapsed and an estimate of the time left (the functions
// of the files not loaded yet estimated from those loaded).
func (p *progress) line(now time.Time) string {
	elapsed := now.Sub(p.start).Round(time.Second)
	s := fmt.Sprintf("inka: %d/%d functions (%d/%d files); goals %d covered, %d unreachable, %d unknown; %v",
		p.funcsDone, p.funcs, p.filesLoaded, p.files, p.covered, p.unreachable, p.unknwn, elapsed)
	if p.funcsDone > 0 && p.filesLoaded > 0 {
		total := float64(p.funcs) * float64(p.files) / float64(p.filesLoaded)
		left := time.Duration(float64(now.Sub(p.start)) * (total - float64(p.funcsDone)) / float64(p.funcsDone))
		s += fmt.Sprintf(", about %v left", max(left, 0).Round(time.Second))
	}
	return s
}

// showProgress rewrites the status line on Options.Progress every 200 ms
// until the returned function is called, which writes the last one and
// ends it with a newline. Without Progress it does nothing.
func (r *runner) showProgress() (stop func()) {
	w := r.opts.Progress
	if w == nil {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	draw := func(end string) {
		r.mu.Lock()
		s := r.progress.line(time.Now())
		r.mu.Unlock()
		// \r and erase to the end of the line: the line is redrawn in place
		fmt.Fprintf(w, "\r%s\x1b[K%s", s, end)
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				draw("\n")
				return
			case <-t.C:
				draw("")
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
