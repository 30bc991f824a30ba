#!/usr/bin/env python3
"""Writes wmm2025-pygeomag.csv: WMM2025 values from an independent implementation, pygeomag 1.1.0
(PyPI, MIT, a port of NOAA's legacy C code), with its bundled WMM_2025.COF (identical to the
WMM.COF this package ships, sha256 dfa85978...582f).

Made once, outside the repository:
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pygeomag==1.1.0
    /tmp/venv/bin/python make-wmm-fixture.py > wmm2025-pygeomag.csv
"""
import random

from pygeomag import GeoMag

geo_mag = GeoMag(coefficients_file="wmm/WMM_2025.COF", high_resolution=False)
rng = random.Random(12)

places = [(90, 0), (90, 137), (-90, 0), (-90, -45), (89.9, 10), (-89.9, -170), (0, 0), (0, 180), (0, -180),
          (85.8, 139.3), (-63.8, 135.9), (80, 0), (0, 120), (-80, -120), (46.5, 7.25), (35.138, -80.867),
          (-33.9, 18.4), (64.1, -21.9), (-54.8, -68.3), (19.4, -155.3)]
places += [(rng.uniform(-90, 90), rng.uniform(-180, 180)) for _ in range(180)]
heights_km = [-1, 0, 0.5, 5, 100, 850]
years = [2025.0, 2026.3, 2027.5, 2028.75, 2030.0]

print("# WMM2025 by pygeomag 1.1.0 (see make-wmm-fixture.py); height above the WGS 84 ellipsoid")
print("year,height_km,latitude,longitude,declination,inclination,total_nT")
for k, (lat, lon) in enumerate(places):
    # Every place at every date at one height, and at every height at one date.
    cases = [(year, heights_km[k % len(heights_km)]) for year in years]
    cases += [(years[k % len(years)], h) for h in heights_km]
    for year, height in sorted(set(cases)):
        r = geo_mag.calculate(glat=lat, glon=lon, alt=height, time=year,
                              allow_date_outside_lifespan=False, raise_in_warning_zone=False)
        print(f"{year},{height},{lat:.6f},{lon:.6f},{r.d:.6f},{r.i:.6f},{r.f:.3f}")
