class ConflictLab: pass
