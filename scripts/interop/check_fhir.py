"""FHIR R4 interop: every FHIR fixture dosecal reads, and every Bundle `dosecal export --format
fhir` writes, is validated by an independent FHIR R4 validator (the PyPI package fhir.resources
6.4.0, whose models are FHIR 4.0.1), and what dosecal imports from the fixtures is checked.

Usage: FHIR_PYTHON scripts/interop/check_fhir.py DOSECAL FIXTURES_FHIR SCHEDULES
(run it with the Python of the virtual environment scripts/install-deps.sh makes, since
fhir.resources 6.4 needs pydantic 1)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

NOW = "2026-10-30T12:00:00Z"


def validator():
    fhir = common.require("fhir.resources", "fhir.resources==6.4.0 'pydantic<2'")
    if fhir.__fhir_version__ != "4.0.1":
        common.die(f"fhir.resources {fhir.__version__} models FHIR {fhir.__fhir_version__}, not R4 (4.0.1)")
    from fhir.resources import construct_fhir_element

    def validate(resource: dict) -> str | None:
        try:
            construct_fhir_element(resource["resourceType"], resource)
        except Exception as e:  # noqa: BLE001 (the validator's own errors)
            return f"{type(e).__name__}: {str(e)[:400]}"
        return extension_problem(resource, "")

    return validate


def extension_problem(node, at: str) -> str | None:
    """FHIR's ext-1 and Extension.url (1..1), which fhir.resources does not check: every
    extension and modifierExtension has a url and either a value[x] or extensions, not both."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            if problem := extension_problem(item, f"{at}[{i}]"):
                return problem
        return None
    if not isinstance(node, dict):
        return None
    for key in ("extension", "modifierExtension"):
        for i, ext in enumerate(node.get(key, [])):
            values = [k for k in ext if k.startswith("value")]
            if not isinstance(ext.get("url"), str) or not ext["url"]:
                return f"{at}.{key}[{i}] has no url"
            if len(values) + ("extension" in ext) != 1:
                return f"{at}.{key}[{i}] ({ext['url']}) needs one value[x] or extensions (ext-1)"
    for key, value in node.items():
        if problem := extension_problem(value, f"{at}.{key}"):
            return problem
    return None


def resources(path: Path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ndjson":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [json.loads(text)]


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        common.die("usage: check_fhir.py DOSECAL FIXTURES_FHIR SCHEDULES", 64)
    dosecal, fixtures, schedules = Path(argv[1]).resolve(), Path(argv[2]), Path(argv[3])
    validate = validator()
    check = common.Checks()
    files = sorted([*fixtures.glob("*.json"), *fixtures.glob("*.ndjson")])
    if not files:
        common.die(f"no FHIR fixtures in {fixtures}")
    for path in files:
        for i, resource in enumerate(resources(path)):
            problem = validate(resource)
            check(problem is None, f"R4 validator accepts {path.name}[{i}] ({resource.get('resourceType')})"
                  + (f": {problem}" if problem else ""))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "imported.json"
        run = subprocess.run([str(dosecal), "import", *map(str, files), "--zone", "Europe/Berlin", "--now", NOW,
                              "-o", str(out), "--json"], capture_output=True, text=True)
        check(run.returncode == 0, f"dosecal import of {len(files)} FHIR files exits 0 (got {run.returncode}: {run.stderr.strip()[:300]})")
        if run.returncode == 0:
            report = json.loads(run.stdout)
            names = [m["name"] for m in report["medications"]]
            check("Lisinopril 10 MG Oral Tablet" in names, "the MedicationStatement example is imported")
            check(any(x["resource"] == "MedicationRequest/medrx0301" for x in report["inactive"]),
                  "medrx0301 (status completed) is listed as no longer taken")
            check(any(x["resource"] == "MedicationRequest/heparin-infusion" for x in report["notImported"]),
                  "the infusion is listed as not imported")
        for schedule in sorted(schedules.glob("*.json")):
            run = subprocess.run([str(dosecal), "export", str(schedule), "--format", "fhir", "-o", "-"],
                                 capture_output=True, text=True)
            if common.load(schedule).get("feed", {}).get("privacy"):
                check(run.returncode == 64 and not run.stdout, f"no FHIR Bundle of {schedule.name} in privacy mode (exit 64)")
                continue
            if run.returncode != 0:
                check(False, f"export --format fhir of {schedule.name} exits 0 ({run.stderr.strip()[:300]})")
                continue
            bundle = json.loads(run.stdout)
            problem = validate(bundle)
            check(problem is None, f"R4 validator accepts the Bundle of {schedule.name}" + (f": {problem}" if problem else ""))
    return check.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
