package protocol

import (
	"os"

	"github.com/camelot-engine/camelot/nnue"
)

// defaultNetName is EvalFile's default: the name of Camelot's net built
// into the binary, or <empty> when it has none.
func defaultNetName() string {
	if n, _ := nnue.Default(); n != nil {
		return n.Name
	}
	return "<empty>"
}

// setEvalFile loads the net a path names for the board of the selected
// variant; <empty>, or the name of that board's built-in net when no such
// file exists, selects the built-in net. A file that cannot be loaded, or
// holds a net of another board, is reported and the engine keeps the net
// it had.
func (s *Session) setEvalFile(path string) {
	v := s.variant
	def, err := nnue.DefaultFor(v)
	if err != nil {
		s.errorf("EvalFile: the built-in net of %s: %v", v.Title(), err)
	}
	if path == "" || path == "<empty>" {
		_ = s.e.SetNet(v, def)
		return
	}
	if _, statErr := os.Stat(path); statErr != nil && def != nil && path == def.Name {
		_ = s.e.SetNet(v, def)
		return
	}
	n, err := nnue.LoadFile(path)
	if err == nil {
		err = s.e.SetNet(v, n)
	}
	if err != nil {
		s.errorf("EvalFile: %v; keeping net %s", err, netName(s.e.Net(v)))
	}
}

func netName(n *nnue.Net) string {
	if n == nil {
		return "<none>"
	}
	return n.Name
}
