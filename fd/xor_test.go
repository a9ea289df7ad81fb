package fd_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/fd"
)

// TestXorInverse: x ^ c = k fixes x = k ^ c by propagation alone, on a
// 32-bit domain where bounds reasoning leaves x open.
func TestXorInverse(t *testing.T) {
	for _, constFirst := range []bool{false, true} {
		s := fd.NewStore()
		x := s.NewVarInt64(0, 1<<32-1)
		c := s.ConstInt64(0xdeadbeef)
		z := s.NewVarInt64(0, 1<<32-1)
		con := fd.BitXor(z, x, c)
		if constFirst {
			con = fd.BitXor(z, c, x)
		}
		require.True(t, s.Post(con) && s.Propagate())
		assert.False(t, x.IsFixed())
		require.True(t, z.AssignInt64(0x12345678) && s.Propagate())
		require.True(t, x.IsFixed())
		assert.Equal(t, int64(0x12345678^0xdeadbeef), x.Val().Int64())
	}
}
