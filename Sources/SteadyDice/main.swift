print("steady-dice")
