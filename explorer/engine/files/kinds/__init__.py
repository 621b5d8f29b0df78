"""One module per scenario kind; each registers its judge with :func:`scenario.register`."""

import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
