package protocol

import (
	"os"

	"github.com/camelot-engine/camelot/nnue"
)

// defaultNetName is EvalFile's default: the name of the net built into
// the binary, or <empty> when it has none.
func defaultNetName() string {
	if n, _ := nnue.Default(); n != nil {
		return n.Name
	}
	return "<empty>"
}

// setEvalFile loads the net a path names; <empty>, or the built-in net's
// own name when no such file exists, selects the built-in net. A file
// that cannot be loaded is reported and the engine keeps the net it had.
func (s *Session) setEvalFile(path string) {
	def, err := nnue.Default()
	if err != nil {
		s.errorf("EvalFile: the built-in net: %v", err)
	}
	if path == "" || path == "<empty>" {
		s.e.SetNet(def)
		return
	}
	if _, statErr := os.Stat(path); statErr != nil && def != nil && path == def.Name {
		s.e.SetNet(def)
		return
	}
	n, err := nnue.LoadFile(path)
	if err != nil {
		s.errorf("EvalFile: %v; keeping net %s", err, netName(s.e.Options().Net))
		return
	}
	s.e.SetNet(n)
}

func netName(n *nnue.Net) string {
	if n == nil {
		return "<none>"
	}
	return n.Name
}
