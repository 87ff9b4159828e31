package daemon

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// configFields maps each config key to its field type, from the yaml tags.
func configFields() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		f := t.Field(i)
		if key, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); key != "" && key != "-" {
			out[key] = f.Type
		}
	}
	return out
}

// configKeys is the sorted list of valid keys, for error messages.
func configKeys() string {
	keys := make([]string, 0, 16)
	for k := range configFields() {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return strings.Join(keys, ", ")
}

// checkConfigNode reports every unknown key and every value of the wrong
// type in a config document, each as "FILE:LINE: key: what is wrong",
// instead of yaml's "field x not found in type daemon.Config".
func checkConfigNode(doc *yaml.Node, name string) error {
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if doc.Kind != yaml.MappingNode {
		return fmt.Errorf("config %s:%d: want key: value lines (valid keys: %s)", name, doc.Line, configKeys())
	}
	fields := configFields()
	var errs []string
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		typ, ok := fields[k.Value]
		if !ok {
			errs = append(errs, fmt.Sprintf("%s:%d: unknown key %q (valid keys: %s)", name, k.Line, k.Value, configKeys()))
			continue
		}
		if err := v.Decode(reflect.New(typ).Interface()); err != nil {
			errs = append(errs, fmt.Sprintf("%s:%d: %s: want %s, got %s", name, v.Line, k.Value, describeType(typ), describeNode(v)))
			continue
		}
		if k.Value == "remotes" {
			errs = append(errs, remoteKeyErrors(v, name)...)
		}
	}
	if len(errs) > 0 {
		return errors.New("config " + strings.Join(errs, "\n"))
	}
	return nil
}

// remoteKeyErrors reports unknown keys inside remotes' entries, which
// decoding alone would drop (a misspelt use_tls would silently be true).
func remoteKeyErrors(remotes *yaml.Node, name string) []string {
	t := reflect.TypeFor[Remote]()
	valid := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		valid = append(valid, t.Field(i).Tag.Get("yaml"))
	}
	var errs []string
	for i := 0; i+1 < len(remotes.Content); i += 2 {
		r := remotes.Content[i+1]
		for j := 0; j+1 < len(r.Content); j += 2 {
			if k := r.Content[j]; !slices.Contains(valid, k.Value) {
				errs = append(errs, fmt.Sprintf("%s:%d: remotes.%s: unknown key %q (valid keys: %s)", name, k.Line, remotes.Content[i].Value, k.Value, strings.Join(valid, ", ")))
			}
		}
	}
	return errs
}

// describeType words what a config field accepts.
func describeType(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t == reflect.TypeFor[time.Duration]():
		return "a duration such as 30s or 2m"
	case t.Kind() == reflect.Int || t.Kind() == reflect.Int64:
		return "a whole number"
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Slice:
		return "a list such as [127.0.0.0/8]"
	case t.Kind() == reflect.Map:
		return "a mapping such as {NAME: {endpoint: s3.example.org, bucket: warcs}}"
	}
	return t.String()
}

// describeNode words what the file holds instead.
func describeNode(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}
