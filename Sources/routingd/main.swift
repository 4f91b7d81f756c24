print("routingd")
