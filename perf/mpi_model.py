#!/usr/bin/env python3
"""Weak-scaling model of distributed runs, from measured reports.

Reads the report.json of a 1-GPU run (--one) and of a weak-scaling run on
several GPUs (--weak; its "distributed" section has, per rank, the bytes and
pack / wait / unpack times of every face, the halo-free core and the
exchange timed alone) and predicts the weak-scaling efficiency on 8 to 512
GPUs (same sub-domain per GPU, Cartesian decomposition as seis chooses it)
for two transports:

  host-staged  device -> pinned host -> MPI -> pinned host -> device, as
               measured; both faces of an axis share the GPU's host link,
               faces between nodes go through the network (--net-gbs).
  gpu-direct   device buffers straight to the peer: NVLink within a node
               (--nvlink-gbs), GPUDirect RDMA between nodes (--net-gbs); the
               pack/unpack kernels stay, the host copies go.

The exchange runs axis after axis behind the halo-free core; it is hidden
while it is shorter than the core. Step time on N GPUs:
  t_N = t_1 + split_overhead * faces + max(0, exchange_N - core_N)
where split_overhead (the cost of computing the inner region as core plus
shell, per face) is calibrated on the measured weak run. The table says
where the exchange stops being hidden.
"""
import argparse
import json
import math


def load(path):
    with open(path) as f:
        return json.load(f)


def core_volume(extent, faces_per_axis, radius=4):
    v = 1.0
    for n, k in zip(extent, faces_per_axis):
        v *= max(n - radius * k, 0)
    return v


def dims_for(n):
    """The balanced px x py x pz of n ranks (smallest halo for a cubic sub-domain)."""
    best = None
    for pz in range(1, n + 1):
        if n % pz:
            continue
        for py in range(1, n // pz + 1):
            if (n // pz) % py:
                continue
            px = n // pz // py
            key = (max(px, py, pz), -min(px, py, pz))
            if best is None or key < best[0]:
                best = (key, (px, py, pz))
    return best[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--one", required=True, help="report.json of the 1-GPU run")
    ap.add_argument("--weak", required=True, help="report.json of the weak-scaling run on several GPUs")
    ap.add_argument("--strong", help="report.json of the strong-scaling run (printed only)")
    ap.add_argument("--gpus-per-node", type=int, default=8)
    ap.add_argument("--nvlink-gbs", type=float, default=396.0, help="GPU to GPU in a node, one way (measured NV18)")
    ap.add_argument("--net-gbs", type=float, default=50.0, help="network per GPU, one way (400 Gb/s NIC per GPU)")
    ap.add_argument("--latency-us", type=float, default=10.0, help="per message")
    ap.add_argument("--json", help="write the table as JSON")
    a = ap.parse_args()

    one, weak = load(a.one), load(a.weak)
    t1 = one["timing"]["ms_per_step"]
    d = weak["distributed"]
    # The measured rank with the most faces stands for every face.
    ranks = d["per_rank"]
    r = max(ranks, key=lambda x: len(x["exchange_per_axis"]))
    faces = r["exchange_per_axis"]
    face_bytes = sum(f["face_bytes"] for f in faces) / len(faces)
    # Times are per axis (its faces together): per face.
    nf = sum(f["faces"] for f in faces)
    pack = sum(f["pack_ms_per_step"] for f in faces) / nf
    wait = sum(f["wait_ms_per_step"] for f in faces) / nf
    unpack = sum(f["unpack_ms_per_step"] for f in faces) / nf
    # The wire time of one face through host memory: the exchange timed alone
    # (a step without overlap, so no waiting for a busy neighbour) less the copies.
    staged_face_ms = r["exchange_alone_ms"] / max(1, sum(f["faces"] for f in faces))
    wire_intra = max(0.0, staged_face_ms - pack - unpack)
    core_ms = r["core_alone_ms"]
    measured_faces = sum(f["faces"] for f in faces)
    b = r["box"]
    extent = [b[1] - b[0], b[3] - b[2], b[5] - b[4]]
    measured_per_axis = [sum(f["faces"] for f in faces if f["axis"] == name) for name in "xyz"]
    tN_measured = d["slowest_rank_ms_per_step"]
    wait_measured = r["comm_wait_ms_per_step"]
    split_overhead = max(0.0, (tN_measured - t1 - wait_measured) / measured_faces)
    # Device-side pack/unpack alone (no host copies): 2 passes over the face in HBM, ~ 2 TB/s.
    kernel_ms = 2 * 2 * face_bytes / 2e12 * 1e3

    print(f"measured: 1 GPU {t1:.3f} ms/step; {weak['ranks']} GPUs {tN_measured:.3f} ms/step "
          f"(weak efficiency {100 * t1 / tN_measured:.1f} %), transport {d['transport']}")
    print(f"  per face: {face_bytes / 1e6:.1f} MB, pack {pack:.3f} + unpack {unpack:.3f} ms, wire {wire_intra:.3f} ms "
          f"(exchange alone {staged_face_ms:.3f} ms; waiting in overlapped steps {wait:.3f} ms); "
          f"core alone {core_ms:.3f} ms; split overhead {split_overhead:.3f} ms per face")
    if a.strong:
        s = load(a.strong)
        ts = s["distributed"]["slowest_rank_ms_per_step"] if "distributed" in s else s["timing"]["ms_per_step"]
        print(f"  strong scaling: {t1:.3f} -> {ts:.3f} ms/step, speed-up {t1 / ts:.2f}x on {s['ranks']} GPUs")

    rows = []
    print(f"\n{'GPUs':>5} {'dims':>9} {'faces':>5} {'core ms':>8} | {'staged exch':>11} {'eff %':>6} | "
          f"{'direct exch':>11} {'eff %':>6}")
    for n in [8, 16, 32, 64, 128, 256, 512]:
        dims = dims_for(n)
        node = dims_for(min(n, a.gpus_per_node))  # the ranks of one node form a block
        # The worst rank: two faces along every axis with 3+ ranks, one along 2.
        per_axis = [0 if p == 1 else (1 if p == 2 else 2) for p in dims]
        nfaces = sum(per_axis)
        # Core: the sub-domain shrunk by R = 4 on each face with a neighbour.
        core = core_ms * core_volume(extent, per_axis) / core_volume(extent, measured_per_axis)
        staged = direct = 0.0
        for axis, k in enumerate(per_axis):
            if k == 0:
                continue
            inter = dims[axis] > node[axis]  # some faces of this axis leave the node
            lat = a.latency_us * 1e-3
            # host-staged: the axis' faces share the host link (pack+unpack copies), the wire is
            # shared memory in a node (measured wait) or the network.
            wire = k * face_bytes / (a.net_gbs * 1e9) * 1e3 if inter else wire_intra
            staged += lat + k * (pack + unpack) + wire
            link = a.net_gbs if inter else a.nvlink_gbs
            direct += lat + kernel_ms * k + k * face_bytes / (link * 1e9) * 1e3
        t_staged = t1 + split_overhead * nfaces + max(0.0, staged - core)
        t_direct = t1 + split_overhead * nfaces + max(0.0, direct - core)
        row = {"gpus": n, "dims": dims, "faces": nfaces, "core_ms": core,
               "staged_exchange_ms": staged, "staged_efficiency": t1 / t_staged, "staged_hidden": staged <= core,
               "direct_exchange_ms": direct, "direct_efficiency": t1 / t_direct, "direct_hidden": direct <= core}
        rows.append(row)
        print(f"{n:>5} {'x'.join(map(str, dims)):>9} {nfaces:>5} {core:>8.3f} | {staged:>8.3f} ms "
              f"{100 * t1 / t_staged:>6.1f} | {direct:>8.3f} ms {100 * t1 / t_direct:>6.1f}")
    for kind in ("staged", "direct"):
        first = next((x["gpus"] for x in rows if not x[kind + "_hidden"]), None)
        what = "host-staged" if kind == "staged" else "GPU-direct"
        print(f"{what}: " + (f"the exchange outlasts the core from {first} GPUs on" if first
                             else "the exchange stays hidden behind the core up to 512 GPUs"))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"inputs": {"t1_ms": t1, "face_bytes": face_bytes, "staged_face_ms": staged_face_ms,
                                  "core_ms": core_ms, "split_overhead_ms_per_face": split_overhead,
                                  "nvlink_gbs": a.nvlink_gbs, "net_gbs": a.net_gbs},
                       "rows": rows}, f, indent=2)


if __name__ == "__main__":
    main()
