// cumprod's kernel: running products along N of (P, N, K) tensors (csrc/scan.h).
#pragma once

#include "scan.h"

namespace al {
AL_CPU_BEGIN
namespace cumprod {

using Kernel = ::al::scan::Kernel<::al::scan::Product>;

}  // namespace cumprod
AL_CPU_END
}  // namespace al
