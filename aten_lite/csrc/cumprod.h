// cumprod's kernel: running products along N of (P, N, K) tensors (csrc/scan.h).
#pragma once

#include "scan.h"

namespace al::cumprod {

using Kernel = ::al::scan::Kernel<::al::scan::Product>;

}  // namespace al::cumprod
