package project

import "hash/fnv"

// inShard reports whether function fn of file (fn "" for the file
// itself) belongs to shard sh: FNV-1a of the two names, modulo the
// number of shards. The split depends on nothing but the names, so that
// every machine computes the same one, and a function added to the
// project moves no other between shards.
func inShard(sh Shard, file, fn string) bool {
	h := fnv.New64a()
	h.Write([]byte(file))
	h.Write([]byte{0})
	h.Write([]byte(fn))
	return h.Sum64()%uint64(sh.Count) == uint64(sh.Index-1)
}
