"""The engine imports no UI library: it runs the same under the app, the command line and the tests."""

import subprocess
import sys


def test_engine_imports_no_streamlit_plotly_or_pandas():
    code = ("import sys, explorer.engine, explorer.engine.files.scenario, explorer.engine.files.kinds; "
            "import explorer.engine.files.scenario as s; s._load_kinds(); "
            "import pkgutil, importlib, explorer.engine as e; "
            "[importlib.import_module('explorer.engine.' + m.name) for m in pkgutil.iter_modules(e.__path__)]; "
            "bad = [m for m in ('streamlit', 'plotly', 'pandas') if m in sys.modules]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
