// cumsum's kernel: running sums along N of (P, N, K) tensors (csrc/scan.h).
#pragma once

#include "scan.h"

namespace al {
AL_CPU_BEGIN
namespace cumsum {

using Kernel = ::al::scan::Kernel<::al::scan::Sum>;

}  // namespace cumsum
AL_CPU_END
}  // namespace al
