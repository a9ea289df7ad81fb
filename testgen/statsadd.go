package testgen

// Add adds the figures of t to s (a client that answers goals one by one,
// package mcdc, sums their Stats).
func (s *Stats) Add(t Stats) { s.add(t) }
