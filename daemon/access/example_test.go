package access_test

import (
	"fmt"

	"github.com/sharc-archive/sharc/daemon/access"
)

func ExampleRole_Allows() {
	fmt.Println(access.Viewer.Allows(access.Operator), access.Admin.Allows(access.Operator))
	// Output: false true
}
