# Jupyter server's settings for the kit: JupyterLab and Notebook 7 (`make lab`), Binder (binder/postBuild copies
# this file into the environment), and each student's server on JupyterHub (built from binder/ the same way).
# The Voila pages these servers render (/voila/render/apps/table.ipynb) start a kernel each; docs/classroom.md.
c = get_config()  # noqa: F821 (traitlets hands the file its config object)

# Kernels nobody is connected to go away: a closed Voila page's (the page's own shutdown message is often lost),
# a notebook tab closed without shutting its kernel down. An open notebook or page keeps its kernel however long it
# sits idle (cull_connected False), and a kernel still computing is left alone (cull_busy False). Ten minutes
# gives a learner time to reopen a notebook they closed by mistake; looked for every minute.
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False

# A busy server may take more than nbclient's 4 s to pass a cell's output on; Voila would then drop the cell (the
# table) and show an empty page ("Timeout waiting for IOPub output"). A page that comes late is better than none.
c.VoilaExecutor.iopub_timeout = 300
