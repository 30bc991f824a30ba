print("attitude")
