package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWideIsFresh fails while internal/wide differs from what the
// generator writes now: a package of Packages was changed without
// `go generate ./movegen`.
func TestWideIsFresh(t *testing.T) {
	root := filepath.Join("..", "..")
	want, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	wide := filepath.Join(root, "internal", "wide")
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(wide, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./movegen)", name, err)
			continue
		}
		if !bytes.Equal(got, data) {
			t.Errorf("internal/wide/%s is stale (run go generate ./movegen)", name)
		}
	}
	err = filepath.WalkDir(wide, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(filepath.ToSlash(path), "/testdata/") {
			return err
		}
		if strings.HasSuffix(path, "_test.go") {
			if data, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(data, []byte(Header)) {
				return err // a hand-written test of the wide copy
			}
		}
		rel, _ := filepath.Rel(wide, path)
		if _, ok := want[filepath.ToSlash(rel)]; !ok {
			t.Errorf("internal/wide/%s is not generated any more: remove it (go generate ./movegen)", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRewrite checks the two changes made to a file: the header, and the
// imports of the copied packages (and only those) pointed at their wide
// copies; an overlay's build line is dropped.
func TestRewrite(t *testing.T) {
	src := "//go:build ignore\n\npackage x\n\nimport (\n\t\"fmt\"\n\n\t\"" + Module + "/engine\"\n\t\"" + Module + "/stats\"\n)\n\n//go:embed a.txt b\nvar _ = fmt.Sprint(engine.X, stats.Y)\n"
	code, embeds, err := rewrite("x.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := string(code)
	for _, want := range []string{Header + "package x", `"` + Module + `/internal/wide/engine"`, `"` + Module + `/stats"`} {
		if !strings.Contains(s, want) {
			t.Errorf("rewrite lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "go:build ignore") {
		t.Errorf("the overlay's build line is kept:\n%s", s)
	}
	if strings.Join(embeds, " ") != "a.txt b" {
		t.Errorf("embeds %q, want [a.txt b]", embeds)
	}
}
