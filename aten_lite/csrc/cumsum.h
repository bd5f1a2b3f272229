// cumsum's kernel: running sums along N of (P, N, K) tensors (csrc/scan.h).
#pragma once

#include "scan.h"

namespace al::cumsum {

using Kernel = ::al::scan::Kernel<::al::scan::Sum>;

}  // namespace al::cumsum
