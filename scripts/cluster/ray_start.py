"""Ray for the cluster drivers: join a running cluster (`--address`), or
start a one-machine cluster in this process (`--num-cpus`,
`--object-store-mb`, `--temp-dir`), without the dashboard and without the
workers' logs on the driver's stderr."""

import os
from pathlib import Path


def add_ray_arguments(parser):
    """The options `start_ray` reads."""
    parser.add_argument("--address", help="a running Ray cluster (default: start one here)")
    parser.add_argument("--num-cpus", type=int, default=os.cpu_count(),
                        help="CPUs of a local cluster")
    parser.add_argument("--object-store-mb", type=int, default=0,
                        help="object store of a local cluster")
    parser.add_argument("--temp-dir", help="session files of a local cluster (default: Ray's)")


def start_ray(args):
    """The `ray` module, initialised as `args` say."""
    import ray

    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        options = {"num_cpus": args.num_cpus, "include_dashboard": False, "log_to_driver": False}
        if args.object_store_mb:
            options["object_store_memory"] = args.object_store_mb << 20
        if args.temp_dir:
            options["_temp_dir"] = str(Path(args.temp_dir).resolve())
        ray.init(**options)
    return ray
