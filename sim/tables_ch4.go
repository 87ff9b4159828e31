package sim

// ch4Tables returns the chapter-4 tables (single-visit strategies).
func ch4Tables() []TableSource { return nil }
