#!/usr/bin/env python3
"""Roofline and bandwidth report of seis-bench results.

    perf/plot_roofline.py BENCH.json [BENCH2.json ...] -o roofline.png [--peak-gflops GFLOPS]

Left panel: every strategy's effective bandwidth (minimal bytes per point,
physics.md §7) for each physics and grid, against the copy bandwidth the
same seis-bench run measured (and 80 % of it). Right panel: the roofline,
P <= min(P_peak, AI * B_copy), with each strategy at its ideal arithmetic
intensity (FLOPs per point / minimal bytes per point).

Both roofs come from the bench JSON of the device that ran it: the measured
copy bandwidth ("stream_copy") and the FP32 peak seis-bench derived from the
device's properties ("fp32_peak": 2 x FP32 lanes x SMs/CUs x clock; null on
CPUs). Where the report has no FP32 peak, only the bandwidth roof is drawn,
unless --peak-gflops gives one (labelled as given).
"""
import argparse
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(paths):
    reports = []
    for p in paths:
        with open(p) as f:
            reports.append(json.load(f))
    return reports


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("reports", nargs="+", help="seis-bench JSON reports")
    ap.add_argument("-o", "--output", default="roofline.png")
    ap.add_argument("--peak-gflops", type=float, default=None,
                    help="FP32 peak in GFLOP/s, overriding the reports' fp32_peak (default: from the reports)")
    ap.add_argument("--title", default=None)
    args = ap.parse_args(argv)

    reports = load(args.reports)
    rows = []
    roofs = {}  # device -> (copy GB/s, FP32 peak GFLOP/s or None, how the peak was obtained)
    for rep in reports:
        copy = rep["stream_copy"]["gbytes_per_s"]
        peak = (rep.get("fp32_peak") or {}).get("gflops")
        how = "device properties"
        if args.peak_gflops is not None:
            peak, how = args.peak_gflops, "given with --peak-gflops"
        if rep["device"] not in roofs or copy > roofs[rep["device"]][0]:
            roofs[rep["device"]] = (copy, peak, how)
        for r in rep["results"]:
            if r.get("status") != "ok":
                continue
            grid = f'{r["nx"]}x{r["ny"]}x{r["nz"]}'
            rows.append(dict(label=f'{r["physics"]} {r["strategy"]}:{r["shape"]} {grid}', physics=r["physics"],
                             gbs=r["effective_gbytes_per_s"], copy=copy, gflops=r["gflops_per_s"],
                             ai=r["flops_per_point"] / r["bytes_per_point"], device=rep["device"], date=rep["date"]))
    if not rows:
        print("plot_roofline: no successful rows in the reports", file=sys.stderr)
        return 1
    # The best shape per physics, strategy and grid keeps the bar chart readable.
    best = {}
    for r in rows:
        key = r["label"].rsplit(":", 1)[0] + " " + r["label"].split()[-1]
        if key not in best or r["gbs"] > best[key]["gbs"]:
            best[key] = r
    bars = sorted(best.values(), key=lambda r: (r["physics"], r["label"].split()[-1], -r["gbs"]))

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(16, max(6, 0.28 * len(bars) + 2)),
                                   gridspec_kw={"width_ratios": [1.3, 1]})
    y = range(len(bars))
    colors = ["tab:blue" if r["physics"] == "iso" else "tab:orange" for r in bars]
    ax1.barh(list(y), [r["gbs"] for r in bars], color=colors)
    ax1.set_yticks(list(y))
    ax1.set_yticklabels([r["label"] for r in bars], fontsize=7)
    ax1.invert_yaxis()
    copy = max(r["copy"] for r in rows)
    ax1.axvline(copy, color="k", linestyle="-", label=f"measured copy {copy:.4g} GB/s")
    ax1.axvline(0.8 * copy, color="k", linestyle="--", label="80 % of copy")
    for i, r in enumerate(bars):
        ax1.text(r["gbs"], i, f' {100 * r["gbs"] / r["copy"]:.0f}%', va="center", fontsize=7)
    ax1.set_xlabel("effective bandwidth, minimal bytes per point (GB/s)")
    ax1.legend(loc="lower right", fontsize=8)
    ax1.set_title("best shape per strategy (blue: iso, orange: TTI)")

    peaks = [p for _, p, _ in roofs.values() if p]
    ai_min = min(r["ai"] for r in rows) / 4
    ai_max = max([p / c * 4 for c, p, _ in roofs.values() if p] + [max(r["ai"] for r in rows) * 4])
    xs = [ai_min * (ai_max / ai_min) ** (k / 200) for k in range(201)]
    for (device, (c, p, how)), style in zip(sorted(roofs.items()), ["k-", "k--", "k-.", "k:"] * 8):
        roof = [min(p, x * c) if p else x * c for x in xs]
        label = f"{device}: copy {c:.4g} GB/s" + (f", FP32 {p:.0f} GFLOP/s ({how})" if p else ", FP32 peak unknown")
        ax2.loglog(xs, roof, style, label=label)
    for r in rows:
        ax2.loglog(r["ai"], r["gflops"], "o", color="tab:blue" if r["physics"] == "iso" else "tab:orange",
                   alpha=0.5, markersize=4)
    if not peaks:
        ax2.set_ylim(top=max(x * max(c for c, _, _ in roofs.values()) for x in xs))
    ax2.set_xlabel("arithmetic intensity (FLOP / minimal byte)")
    ax2.set_ylabel("GFLOP/s (reference FLOP count per point)")
    ax2.legend(fontsize=7, loc="lower right")
    ax2.set_title("roofline")
    dev = rows[0]["device"]
    fig.suptitle(args.title or f"seis-bench on {dev}, {rows[0]['date']}")
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
