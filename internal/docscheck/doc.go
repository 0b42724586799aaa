// Package docscheck has no code of its own: its test keeps the
// documentation (README.md, docs/*.md, gui/API.md) honest. It checks that
// every relative link resolves, and that the commands, protocol options and
// make targets the pages quote exist. The rules are in docs_test.go.
package docscheck
