# Voila's settings for a class on one server: `make table` (or `voila apps/table.ipynb` with
# JUPYTER_CONFIG_PATH=config) reads this file. docs/classroom.md says why each number is what it is;
# `make classroom` measures them with thirty simulated students.
import os

c = get_config()  # noqa: F821 (traitlets hands the file its config object)

# Preheated kernels: Voila keeps a pool of kernels that have already started Python, imported the kit and run the
# app up to the point where it reads its page's link (keinstich_widgets._app.page_query). A student's page takes
# one and gets its table at once; a kernel taken is replaced `fill_delay` seconds later. Starting one costs about
# 2 s of a core (Python and the kernel 0.5 s, the kit's imports 1 s, the compiled bots and coach loaded 0.5 s) and
# each waiting kernel holds about 190 MiB (95 MiB of its own). A student who finds the pool empty waits for a kernel
# to be started for them, on a server busy with the class: so for a lesson the pool is sized to the class and filled
# before it starts (`make table POOL=35 FILL_DELAY=120` for a class of thirty), and the refills wait until the class
# has its tables. docs/classroom.md has the arithmetic. Without settings: ten, refilled after 5 s (a small group, a
# teacher's laptop). Only the table app is preheated: the teacher's notebook starts its kernel when asked for.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaKernelManager.kernel_pools_config = {
    # `voila apps/table.ipynb` and `voila apps/` both name it so
    "table.ipynb": {"pool_size": int(os.environ.get("KEINSTICH_POOL") or 10)},
    "default": {"pool_size": 0},
}
c.VoilaKernelManager.fill_delay = float(os.environ.get("KEINSTICH_FILL_DELAY") or 5)

# Voila counts a taken kernel's replacement, still waiting out its fill_delay, as a kernel in the pool and hands it
# to the next page: a student beyond the pool would wait out the delay (two minutes in a lesson). The kit's pool
# hands out ready kernels only, and starts one at once for a student who finds none ready
# (keinstich_widgets/_voila_server.py).
from keinstich_widgets._voila_server import install  # noqa: E402

install()

# Kernels talk to the server over Unix sockets, each its own file, instead of TCP ports: thirty kernels starting at
# once picked the same free port twice (one died, "Address already in use", and its student's page came without a
# kernel), and nothing else on the machine can connect to them. Windows has no Unix sockets there: TCP stays.
if os.name == "posix":
    c.KernelManager.transport = "ipc"

# Kernels of closed pages go away. A page that is open keeps its kernel all lesson long, however long the student
# thinks (cull_connected False); a kernel whose page has gone (its tab closed, the laptop shut, the shutdown
# message lost on the way) is shut down once it has been idle 90 s, looked for every 15 s: within 105 s. (A page
# must connect to its kernel within 90 s of its table being made: a server so busy that its pages take longer, as
# `make classroom` saw at a load of 15 on two cores, loses those kernels; 60 s was too short there.)
c.MappingKernelManager.cull_idle_timeout = 90
c.MappingKernelManager.cull_interval = 15
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False

# A closing page tells the server to shut its kernel down at once, but Voila 0.5's page sends no XSRF token
# with that message, so Jupyter's server refuses it (voila-dashboards/voila#1458). Voila runs here without
# logins (no cookie to protect), so the check is left out and the page's own shutdown works.
c.Voila.tornado_settings = {"disable_check_xsrf": True, "compress_response": True}

# A student's first visit loads 95 files, 5.1 MiB; compressed (for a browser that asks, as every browser does) they
# are 1.7 MiB: thirty students on a school's Wi-Fi wait for 51 MiB, not 154. At level 1 (tornado's default is 6)
# that costs the server 0.06 s of a core a visit instead of 0.18 s, for 0.3 MiB more. (Voila passes
# tornado_settings in too late for compression to take: install() above passes it in with the rest.)
from tornado.web import GZipContentEncoding  # noqa: E402

GZipContentEncoding.GZIP_LEVEL = 1

# With a class arriving at once a busy server may take more than nbclient's 4 s to pass a cell's output on;
# Voila would then drop the cell (the table) and show an empty page ("Timeout waiting for IOPub output"). A page
# that comes late is better than one that never comes.
c.VoilaExecutor.iopub_timeout = 300

# A student's first visit loads each of the page's static files from this server (about 90, 5 MiB, a second of the
# server's time): the page leaves out the JupyterLab extensions the table does not need (Notebook 7's, JupyterLab's
# Voila preview, the syntax highlighting of code cells, which the app never shows).
c.VoilaConfiguration.extension_denylist = ["@jupyter-notebook/lab-extension", "@voila-dashboards/jupyterlab-preview",
                                           "jupyterlab_pygments"]
