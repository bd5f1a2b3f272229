"""aten_lite.distributed: collectives, DistributedDataParallel, DistributedSampler and the
launcher. One launch of tests/distributed_worker.py on 2 processes does everything that needs
several ranks (each launch costs MPI and import start-up); its JSON results are checked here
against NumPy, and against torch for the sampler. Errors are checked in this process, a world
of one (MPI's singleton start, no launcher)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("mpi4py")

import aten_lite as al  # noqa: E402
import aten_lite.distributed as dist  # noqa: E402
from aten_lite.distributed import ReduceOp, run  # noqa: E402
from aten_lite.nn.parallel import DistributedDataParallel as DDP  # noqa: E402
from aten_lite.utils.data import DistributedSampler  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WORKER = ROOT / "tests" / "distributed_worker.py"
W = 2


def base(rank: int) -> np.ndarray:
    return np.arange(1, 13, dtype=np.float64).reshape(3, 4) * (rank + 1) + rank


try:
    run.find_mpiexec()
    HAVE_MPIEXEC = True
except FileNotFoundError:
    HAVE_MPIEXEC = False


@pytest.fixture(scope="module")
def launched(tmp_path_factory):
    if not HAVE_MPIEXEC:
        pytest.skip("no mpiexec (pip install 'aten_lite[distributed]')")
    out = tmp_path_factory.mktemp("ranks")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "aten_lite.distributed.run", "--nproc", str(W),
                           str(WORKER), str(out)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return [json.loads((out / f"rank{r}.json").read_text()) for r in range(W)]


def test_the_launcher_starts_the_world_with_torchruns_variables(launched):
    for r, res in enumerate(launched):
        assert (res["rank"], res["world_size"]) == (r, W)
        assert res["env"] == {"RANK": str(r), "WORLD_SIZE": str(W), "LOCAL_RANK": str(r)}
        assert res["initialized_after_destroy"] is False


def test_all_reduce_every_op_in_place(launched):
    xs = [base(r).astype(np.float32) for r in range(W)]
    want = {"SUM": sum(xs), "AVG": sum(xs) / W, "MAX": np.maximum.reduce(xs),
            "MIN": np.minimum.reduce(xs), "PRODUCT": np.prod(xs, axis=0)}
    for res in launched:
        for op, expected in want.items():
            np.testing.assert_allclose(res[f"all_reduce_{op}"], expected, rtol=1e-6)
            assert res[f"all_reduce_{op}_same_memory"]  # MPI wrote the tensor's own memory
        np.testing.assert_array_equal(res["all_reduce_int64"], sum(base(r) for r in range(W)))
        np.testing.assert_array_equal(res["all_reduce_async_MAX"], base(W - 1))
        assert res["async_returns_work"] and res["async_wait"] and res["async_completed"]
        assert res["all_reduce_bool"] == [True, False, True]
        np.testing.assert_array_equal(res["all_reduce_transposed"], sum(xs).T)


def test_broadcast_reduce_gather_scatter(launched):
    xs = [base(r).astype(np.float32) for r in range(W)]
    for r, res in enumerate(launched):
        np.testing.assert_array_equal(res["broadcast_from_1"], xs[1])
        np.testing.assert_array_equal(res["reduce_to_0"], sum(xs) if r == 0 else xs[r])
        np.testing.assert_array_equal(res["all_gather"], np.stack(xs))
        np.testing.assert_array_equal(res["all_gather_into_tensor"], np.concatenate(xs))
        np.testing.assert_array_equal(res["all_gather_into_tensor_stacked"], np.stack(xs))
        # rank k's list holds base(k) * (j + 1) for block j: block r summed over ranks
        np.testing.assert_array_equal(res["reduce_scatter"], sum(xs) * (r + 1))
        np.testing.assert_array_equal(res["reduce_scatter_tensor_MAX"],
                                      np.maximum.reduce(xs) * 2)


def test_send_and_recv(launched):
    np.testing.assert_array_equal(launched[1]["recv"], base(0))
    assert launched[1]["recv_from"] == 0
    np.testing.assert_array_equal(launched[0]["recv"], base(1))


def test_ddp_equals_one_process_on_the_whole_batch(launched):
    for res in launched:
        assert res["broadcast_at_wrap"] == 0.0  # rank 1 initialized differently
        assert res["has_module"]
        assert res["bucket_sizes"] == [1, 1, 1, 1] and res["one_bucket"] == [4]
        assert max(res["sgd_steps_diff"]) < 1e-6
        assert res["adamw_diff"] < 1e-6
        # every bucket was started during the walk, before the end-of-backward callback
        assert res["started_before_end"] == [4, 4, 4, 4]
        assert res["bucket_view_diff"] < 1e-6
        assert res["unused_grad"] == [0.0, 0.0]
    assert launched[0]["params_after"] == launched[1]["params_after"]  # replicas equal


def test_no_sync_accumulates_locally_then_averages(launched):
    for res in launched:
        assert res["no_sync_is_local"] == 0.0
        assert res["no_sync_then_sync"] < 1e-6


def test_distributed_sampler_in_the_world_and_against_torch(launched):
    from torch.utils.data import DistributedSampler as TorchSampler
    for r, res in enumerate(launched):
        assert res["sampler"] == list(TorchSampler(range(11), W, r, shuffle=False))
        assert res["sampler_len"] == 6
    shuffled = [res["shuffled"] for res in launched]
    both = shuffled[0] + shuffled[1]
    assert len(both) == 12 and set(both) == set(range(11))  # padded by one repeated index
    ours = DistributedSampler(range(11), 2, 0, seed=3)
    ours.set_epoch(2)
    assert list(ours) == shuffled[0]


@pytest.mark.parametrize("n", [0, 1, 5, 10, 11, 13])
@pytest.mark.parametrize("replicas", [1, 2, 3, 4, 7])
@pytest.mark.parametrize("drop_last", [False, True])
def test_distributed_sampler_partitions_as_torchs(n, replicas, drop_last):
    torch = pytest.importorskip("torch")
    from torch.utils.data import DistributedSampler as TorchSampler
    for r in range(replicas):
        ours = DistributedSampler(range(n), replicas, r, shuffle=False, drop_last=drop_last)
        theirs = TorchSampler(range(n), replicas, r, shuffle=False, drop_last=drop_last)
        assert list(ours) == list(theirs) and len(ours) == len(theirs)
        # shuffled: torch's padding and striding applied to our permutation (the streams of
        # the two random generators differ)
        ours = DistributedSampler(range(n), replicas, r, seed=9, drop_last=drop_last)
        ours.set_epoch(4)
        g = al.Generator().manual_seed(13)
        perm = al.randperm(n, generator=g).tolist()
        assert list(ours) == [perm[i] for i in theirs]
    del torch


def test_distributed_sampler_errors():
    with pytest.raises(ValueError, match=r"Invalid rank 3, rank should be in the interval \[0, 2\]"):
        DistributedSampler(range(4), num_replicas=3, rank=3)
    with pytest.raises(ValueError, match="num_replicas must be at least 1, got 0"):
        DistributedSampler(range(4), num_replicas=0, rank=0)


# ---- in this process: a world of one ----


@pytest.fixture
def world():
    dist.init_process_group("mpi")
    yield
    if dist.is_initialized():
        dist.destroy_process_group()


def test_a_plain_process_is_a_world_of_one(world):
    assert dist.is_available() and dist.is_initialized()
    assert (dist.get_rank(), dist.get_world_size(), dist.get_backend()) == (0, 1, "mpi")
    t = al.arange(6.0).reshape(2, 3)
    dist.all_reduce(t, op=ReduceOp.AVG)
    dist.broadcast(t, 0)
    outs = [al.zeros(2, 3)]
    dist.all_gather(outs, t)
    assert outs[0].tolist() == t.tolist() == [[0, 1, 2], [3, 4, 5]]
    assert dist.barrier(async_op=True).wait()
    model = DDP(al.nn.Linear(3, 2))
    model(t).sum().backward()
    np.testing.assert_allclose(model.module.weight.grad.numpy(), [[3, 5, 7]] * 2)


def test_collectives_before_init_say_so():
    assert not dist.is_initialized()
    for call in (lambda: dist.get_rank(), lambda: dist.all_reduce(al.ones(2)),
                 lambda: dist.barrier()):
        with pytest.raises(RuntimeError, match="has not been initialized; call "
                                               r"aten_lite.distributed.init_process_group"):
            call()
    with pytest.raises(RuntimeError, match="has not been initialized"):
        DDP(al.nn.Linear(2, 2))


def test_unknown_backends_name_the_one_that_exists():
    for name in ("nccl", "gloo", "ucc"):
        with pytest.raises(ValueError, match=f"backend '{name}' is not available; aten_lite "
                                             "has 'mpi'"):
            dist.init_process_group(name)
    assert not dist.is_initialized()


def test_missing_mpi4py_says_how_to_install(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_mpi(name, *args, **kwargs):
        if name.startswith("mpi4py"):
            raise ImportError("No module named 'mpi4py'")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_mpi)
    assert dist.is_available() is False
    with pytest.raises(ImportError, match=r"pip install 'aten_lite\[distributed\]'"):
        dist.init_process_group("mpi")
    assert not dist.is_initialized()


def test_bad_tensors_ops_and_shapes(world):
    with pytest.raises(TypeError, match="must be a CPU strided tensor; got one sparse"):
        dist.all_reduce(al.eye(2).to_sparse())
    with pytest.raises(TypeError, match="must be a CPU strided tensor; got one on device 'meta'"):
        dist.all_reduce(al.empty(2, device="meta"))
    with pytest.raises(TypeError, match="tensor must be an aten_lite Tensor, got ndarray"):
        dist.all_reduce(np.ones(2))
    with pytest.raises(TypeError, match="ReduceOp.AVG needs a floating tensor, got int64"):
        dist.all_reduce(al.ones(2, dtype=al.int64), op=ReduceOp.AVG)
    with pytest.raises(ValueError, match="op='median' is not a ReduceOp"):
        dist.all_reduce(al.ones(2), op="median")
    with pytest.raises(ValueError, match=r"src=1 is not a rank of this world of 1 \(0 to 0\)"):
        dist.broadcast(al.ones(2), src=1)
    with pytest.raises(ValueError, match="tensor_list must be a list of world_size=1 tensors, "
                                         "got 2 tensors"):
        dist.all_gather([al.ones(2), al.ones(2)], al.ones(2))
    with pytest.raises(TypeError, match=r"tensor_list\[0\] has dtype float64 but the input "
                                        "tensor has float32"):
        dist.all_gather([al.ones(2, dtype=al.float64)], al.ones(2))
    with pytest.raises(ValueError, match=r"tensor_list\[0\] has shape \[3\], expected \[2\]"):
        dist.all_gather([al.ones(3)], al.ones(2))
    with pytest.raises(ValueError, match=r"output_tensor has shape \[3\]; with 1 ranks and a "
                                         r"tensor of shape \[2\] it must be \[2\] or \[1, 2\]"):
        dist.all_gather_into_tensor(al.ones(3), al.ones(2))
    with pytest.raises(ValueError, match="read-only memory"):
        a = np.ones(2, np.float32)
        a.setflags(write=False)
        dist.all_reduce(al.from_numpy(a))
    with pytest.raises(ValueError, match="group=.* aten_lite has only the default group"):
        dist.get_rank(group="sub")
    with pytest.raises(ValueError, match="send: dst=0 is this process's own rank"):
        dist.send(al.ones(2), dst=0)
    with pytest.raises(RuntimeError, match="already initialized"):
        dist.init_process_group("mpi")
    with pytest.raises(ValueError, match="world_size=4 but the MPI launcher started this "
                                         "process with world_size 1"):
        dist.destroy_process_group()
        dist.init_process_group("mpi", world_size=4)


def test_ddp_refuses_devices_and_groups(world):
    with pytest.raises(ValueError, match="device_ids=\\[0\\].*leave both out"):
        DDP(al.nn.Linear(2, 2), device_ids=[0])
    with pytest.raises(TypeError, match="expects an aten_lite.nn.Module, got int"):
        DDP(3)
    with pytest.raises(ValueError, match="bucket_cap_mb must be positive, got 0"):
        DDP(al.nn.Linear(2, 2), bucket_cap_mb=0)


def test_launcher_command_and_missing_mpiexec(monkeypatch, capsys):
    assert run.main(["--nproc-per-node", "3", "--mpiexec", sys.executable, "--dry-run",
                     "train.py", "--lr", "0.1"]) == 0
    line = capsys.readouterr().out.split()
    assert line[:3] == [sys.executable, "-n", "3"]
    assert line[-3:] == ["train.py", "--lr", "0.1"]
    monkeypatch.setattr(run.sys, "executable", "/nonexistent/python")
    monkeypatch.setattr(run.sys, "prefix", "/nonexistent")
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("ATEN_LITE_MPIEXEC", raising=False)
    with pytest.raises(FileNotFoundError, match=r"no mpiexec found beside this Python or on "
                                                r"PATH; install one with pip install "
                                                r"'aten_lite\[distributed\]'"):
        run.find_mpiexec()
    with pytest.raises(SystemExit, match="--nproc must be at least 1, got 0"):
        run.main(["--nproc", "0", "x.py"])
