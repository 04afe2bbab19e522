module github.com/kael-dev/kael

go 1.26
