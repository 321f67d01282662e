import DoseCal
print("dosecal")
