// Lookup side of the kernel registry (registration is in kernel_api.h).
#pragma once

#include <vector>

#include "kernel_api.h"

namespace al {

// Sorts the entries by name and returns them; called once by the module's init, after every
// static initialiser has run. find_kernel relies on that order.
const std::vector<KernelInfo>& sorted_kernels();

// The entry named `name`, or null.
const KernelInfo* find_kernel(const char* name);

// The dtype code `out` must have when the kernel runs with compute dtype `code`.
int out_dtype(OutKind kind, int code);

}  // namespace al
