package solve

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if smallDir != "" {
		os.RemoveAll(smallDir)
	}
	os.Exit(code)
}
