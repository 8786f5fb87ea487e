"""Print each worker's peak and current memory (VmHWM, VmRSS) on the cluster at 8786."""

from distributed import Client


def status() -> dict[str, str]:
    with open("/proc/self/status") as status_file:
        lines = [line for line in status_file if line.startswith(("VmHWM", "VmRSS"))]
    return {line.split(":")[0]: line.split(":")[1].strip() for line in lines}


with Client("tcp://127.0.0.1:8786") as client:
    for worker, found in client.run(status).items():
        print(worker, found)
